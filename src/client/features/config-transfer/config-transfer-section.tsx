import { Download, FileCog, Upload } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { CONFIG_MSG, type ConfigImportWire } from '#shared/schemas/config-transfer';
import { Button } from '../../components/ui/button';
import { SwitchRow } from '../../components/ui/switch-row';
import { SettingsSection } from '../settings/settings-section';
import { ConfigDiff } from './config-diff';
import { CONFIG_TRANSFER_TEXT as TEXT } from './config-transfer-text';
import { importProblems, useApplyImport, useExportConfig, usePreviewImport } from './use-config-transfer';

interface Preview {
  fileName: string;
  yaml: string;
  result: ConfigImportWire;
}

function hasChanges(result: ConfigImportWire): boolean {
  const { added, changed, removed } = result.summary;
  return added + changed + removed > 0;
}

/** The Settings page's 'Configuration' card: export as YAML; import a file, read its dry-run diff, apply it. */
export function ConfigTransferSection() {
  const fileInput = useRef<HTMLInputElement>(null);
  const [removeMissing, setRemoveMissing] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problems, setProblems] = useState<string[] | null>(null);
  const exporting = useExportConfig();
  const previewing = usePreviewImport();
  const applying = useApplyImport(() => setPreview(null));

  const check = (fileName: string, yaml: string, remove: boolean) => {
    setProblems(null);
    previewing.mutate(
      { yaml, removeMissing: remove },
      {
        onSuccess: (result) => setPreview({ fileName, yaml, result }),
        onError: (error) => {
          setPreview(null);
          setProblems(importProblems(error));
        },
      },
    );
  };

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so picking the same file again (after editing it) fires a change.
    event.target.value = '';
    if (!file) return;
    try {
      check(file.name, await file.text(), removeMissing);
    } catch {
      setProblems([TEXT.readFailed]);
    }
  };

  const handleRemoveMissing = (checked: boolean) => {
    setRemoveMissing(checked);
    if (preview) check(preview.fileName, preview.yaml, checked);
  };

  return (
    <SettingsSection id="configuration" icon={<FileCog />} title={TEXT.title} description={TEXT.description}>
      <div className="grid gap-4">
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" onClick={() => exporting.mutate()} disabled={exporting.isPending}>
            <Download aria-hidden="true" />
            {TEXT.export}
          </Button>
          <Button variant="outline" onClick={() => fileInput.current?.click()} disabled={previewing.isPending}>
            <Upload aria-hidden="true" />
            {previewing.isPending ? TEXT.importing : TEXT.import}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".yaml,.yml,application/yaml,text/yaml,text/plain"
            className="hidden"
            aria-label={TEXT.import}
            onChange={(event) => void handleFile(event)}
          />
        </div>
        <SwitchRow
          label={TEXT.removeMissing}
          hint={TEXT.removeMissingHint}
          checked={removeMissing}
          onCheckedChange={handleRemoveMissing}
        />
        {problems && (
          <div role="alert" className="grid gap-2 rounded-lg border border-destructive/50 p-4 text-sm">
            <p className="font-medium text-destructive">{TEXT.invalid}</p>
            <ul className="grid list-disc gap-1 pl-5 break-words">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        )}
        {preview && (
          <div
            role="region"
            aria-label={TEXT.previewTitle(preview.fileName)}
            className="grid gap-4 rounded-lg border p-4"
          >
            <h3 className="font-medium">{TEXT.previewTitle(preview.fileName)}</h3>
            {hasChanges(preview.result) ? <ConfigDiff result={preview.result} /> : <p>{CONFIG_MSG.noChanges}</p>}
            <div className="flex gap-3">
              {hasChanges(preview.result) && (
                <Button
                  onClick={() => applying.mutate({ yaml: preview.yaml, removeMissing })}
                  disabled={applying.isPending || previewing.isPending}
                >
                  {applying.isPending ? TEXT.applying : TEXT.apply}
                </Button>
              )}
              <Button variant="outline" onClick={() => setPreview(null)}>
                {TEXT.cancel}
              </Button>
            </div>
          </div>
        )}
      </div>
    </SettingsSection>
  );
}
