import { Palette } from 'lucide-react';
import type { UseFormReturn } from 'react-hook-form';
import { Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { ColorField } from './color-field';
import { SettingsField } from './settings-field';
import type { SettingsFormValues } from './settings-form-model';
import { SettingsSection } from './settings-section';
import { SiteImageSetting } from './site-image-setting';

const DIRTY = { shouldDirty: true, shouldValidate: true } as const;

/** Title, description, font, logo, favicon, status colours and the Discord invite. */
export function BrandingSection({ form }: { form: UseFormReturn<SettingsFormValues> }) {
  const { register, setValue, watch, formState } = form;
  const { errors } = formState;
  const logoUrl = watch('logo_url');
  const faviconUrl = watch('favicon_url');

  return (
    <SettingsSection
      id="branding"
      icon={<Palette />}
      title="Branding"
      description="How the dashboard and its sign-in page present themselves to everyone."
    >
      <div className="grid gap-6 md:grid-cols-2">
        <SettingsField label="Site title" hint="Shown in the top bar and the browser tab." error={errors.site_title}>
          {(control) => <Input {...control} autoComplete="off" {...register('site_title')} />}
        </SettingsField>
        <SettingsField
          label="Font family"
          hint="Inter is built in; any other family is used when installed on the visitor's device, e.g. 'Fira Sans'."
          error={errors.font_family}
        >
          {(control) => <Input {...control} autoComplete="off" spellCheck={false} {...register('font_family')} />}
        </SettingsField>
        <SettingsField
          label="Login description"
          hint="The sentence under the title on the sign-in page."
          error={errors.login_description}
          className="md:col-span-2"
        >
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              className="field-sizing-content min-h-16"
              {...register('login_description')}
            />
          )}
        </SettingsField>
        <SiteImageSetting
          label="Logo"
          hint="PNG or JPEG, up to 5 MB. A large copy is kept for the sign-in page."
          value={logoUrl}
          onChange={(url) => {
            setValue('logo_url', url, DIRTY);
            // Removing the logo removes its large copy too; an upload sets it just below.
            if (url === '') setValue('logo_url_large', '', DIRTY);
          }}
          onUploaded={({ url, largeUrl }) => setValue('logo_url_large', largeUrl ?? url, DIRTY)}
        />
        <SiteImageSetting
          label="Favicon"
          hint="A square PNG works best; shown in the browser tab."
          value={faviconUrl}
          onChange={(url) => setValue('favicon_url', url, DIRTY)}
        />
        <ColorField
          control={form.control}
          name="online_color"
          label="Online colour"
          hint="Badge colour of services that are up."
        />
        <ColorField
          control={form.control}
          name="offline_color"
          label="Offline colour"
          hint="Badge colour of services that are down."
        />
        <SettingsField label="Favicon label" hint="Alternative text for the favicon." error={errors.favicon_label}>
          {(control) => <Input {...control} autoComplete="off" {...register('favicon_label')} />}
        </SettingsField>
        <SettingsField
          label="Discord invite link"
          hint="Shows a 'Join Discord' button on every page but sign-in. Leave empty to hide it."
          error={errors.discord_url}
        >
          {(control) => (
            <Input
              {...control}
              type="url"
              inputMode="url"
              placeholder="https://discord.gg/your-invite"
              autoComplete="off"
              spellCheck={false}
              {...register('discord_url')}
            />
          )}
        </SettingsField>
      </div>
    </SettingsSection>
  );
}
