import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONFIG_MSG, describeConfigSummary } from '#shared/schemas/config-transfer';
import { ApiError, serverMessageOr } from '../../api/api-error';
import { exportConfig, importConfig } from '../../api/config-transfer.api';
import { toast } from '../../hooks/use-toast';
import { CONFIG_TRANSFER_TEXT as TEXT } from './config-transfer-text';

/** The problems of a refused file (400 `problems`), or null for any other failure. */
export function importProblems(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const problems = error.body?.problems;
  return Array.isArray(problems) ? problems.filter((problem): problem is string => typeof problem === 'string') : null;
}

/** Downloads the export through a temporary link (the browser saves it under the server's file name). */
export function useExportConfig() {
  return useMutation({
    mutationFn: exportConfig,
    onSuccess: ({ blob, fileName }) => {
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
    },
    onError: (error) =>
      toast({ title: TEXT.exportFailed, description: serverMessageOr(error, error.message), variant: 'destructive' }),
  });
}

/** The dry run of a file: answers the diff; a refused file's problems are shown by the caller. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: ({ yaml, removeMissing }: { yaml: string; removeMissing: boolean }) =>
      importConfig(yaml, { dryRun: true, removeMissing }),
    onError: (error) => {
      if (importProblems(error)) return;
      toast({ title: TEXT.importFailed, description: serverMessageOr(error, error.message), variant: 'destructive' });
    },
  });
}

/** Applies a file; every cached answer is refetched, since the import may have changed any of them. */
export function useApplyImport(onApplied: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ yaml, removeMissing }: { yaml: string; removeMissing: boolean }) =>
      importConfig(yaml, { dryRun: false, removeMissing }),
    onSuccess: async (result) => {
      toast({ title: CONFIG_MSG.imported, description: describeConfigSummary(result.summary) });
      onApplied();
      await queryClient.invalidateQueries();
    },
    onError: (error) =>
      toast({ title: TEXT.importFailed, description: serverMessageOr(error, error.message), variant: 'destructive' }),
  });
}
