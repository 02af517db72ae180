import { z } from 'zod';

/**
 * AMP's answers as integrations.md section 1 records them. Only the fields we read are required; everything
 * else passes through unread. Numbers that AMP may leave out on stopped or Generic instances are optional.
 */

/** `{"Title":"Unauthorized Access","Message":"…"}`: how AMP reports most errors, with HTTP 200. */
export const ampErrorAnswer = z.object({ Title: z.string(), Message: z.string().optional() });

/** Core/Login's LoginResponse (never wrapped). `result` 10 is Success. */
export const ampLoginAnswer = z.object({
  success: z.boolean(),
  result: z.number().optional(),
  resultReason: z.string().nullish(),
  sessionID: z.string().nullish(),
});

const metric = z.object({ RawValue: z.number().nullish(), MaxValue: z.number().nullish() }).loose();

const endpoint = z.object({
  DisplayName: z.string().nullish(),
  Endpoint: z.string().nullish(),
  Uri: z.string().nullish(),
});

export const ampInstanceSummary = z.object({
  InstanceID: z.string(),
  InstanceName: z.string(),
  FriendlyName: z.string().nullish(),
  Module: z.string().nullish(),
  Running: z.boolean().nullish(),
  AppState: z.number().nullish(),
  Metrics: z.record(z.string(), metric).nullish(),
  ApplicationEndpoints: z.array(endpoint).nullish(),
});
export type AmpInstanceSummary = z.infer<typeof ampInstanceSummary>;

/** ADSModule/GetInstances: one entry per target (the controller and any remote ones). */
export const ampTargets = z.array(z.object({ AvailableInstances: z.array(ampInstanceSummary).nullish() }).loose());

/** ActionResult of StartInstance/StopInstance/RestartInstance and Core/Start/Restart. */
export const ampActionResult = z.object({ Status: z.boolean(), Reason: z.string().nullish() }).loose();
