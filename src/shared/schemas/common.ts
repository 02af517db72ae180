import { z } from 'zod';
import { idParamField } from './fields.ts';

/** Every error the API returns has this shape (DESIGN: JSON with a message). */
export const errorWire = z.object({ message: z.string() });
export type ErrorWire = z.infer<typeof errorWire>;

/** `{ message }` answers of actions that return no entity. */
export const messageWire = z.object({ message: z.string() });
export type MessageWire = z.infer<typeof messageWire>;

/** `/:id` path parameters. */
export const idParams = z.object({ id: idParamField });
