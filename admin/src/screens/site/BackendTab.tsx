import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/Field';
import { Card, Input, Muted, Row, Stack, Textarea } from '../../ui/primitives';
import { Fieldset, SaveBar } from './controls';
import { pick, SETTINGS_KEYS, str, type Section } from './model';
import { useDraft, useSaveSite, type TabProps } from './useSite';

type Mode = 'platform' | 'url' | 'server';
interface Backend {
  mode: Mode;
  url: string;
  key: string;
  server_id: string;
}

const HTTPS = /^https:\/\/[^\s/?#]+(?:[/?#]\S*)?$/;
const SERVER_ID = /^[A-Za-z0-9_.-]+$/;

function fromSettings(settings: Section): Backend {
  const backend = typeof settings.backend === 'object' && settings.backend !== null ? (settings.backend as Section) : {};
  const mode: Mode = typeof backend.server_id === 'string' ? 'server' : typeof backend.url === 'string' ? 'url' : 'platform';
  return { mode, url: str(backend.url), key: str(backend.key), server_id: str(backend.server_id) };
}

/** The site's own hosted backend (SPEC §1): its URL and public key, or a server id; or the platform's. */
export function BackendTab({ site, onDirty }: TabProps) {
  const { t } = useTranslation('site');
  const { draft, setDraft, dirty, reset } = useDraft(fromSettings(site.settings), onDirty);
  const save = useSaveSite(true);
  const set = <K extends keyof Backend>(key: K, value: Backend[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const urlError = draft.mode === 'url' && !HTTPS.test(draft.url.trim()) ? t('site.backend.urlInvalid') : null;
  const keyError = draft.mode === 'url' && draft.key.trim() === '' ? t('site.required') : null;
  const serverError = draft.mode === 'server' && !SERVER_ID.test(draft.server_id.trim()) ? t('site.backend.serverIdInvalid') : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (urlError !== null || keyError !== null || serverError !== null) return;
    // The settings section is replaced whole: the general settings go along unchanged.
    const { backend: _old, ...settings } = pick(site.settings, SETTINGS_KEYS);
    const backend =
      draft.mode === 'url' ? { url: draft.url.trim(), key: draft.key.trim() } : draft.mode === 'server' ? { server_id: draft.server_id.trim() } : undefined;
    save.mutate({ settings: backend === undefined ? settings : { ...settings, backend } });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Card>
          <Stack>
            <Muted>{t('site.backend.explain')}</Muted>
            <Fieldset>
              <legend>{t('site.backend.which')}</legend>
              <Stack $gap="0.5rem">
                {(['platform', 'url', 'server'] as const).map((mode) => (
                  <label key={mode} style={{ display: 'inline-flex', gap: '0.5rem', alignItems: 'center' }}>
                    <input type="radio" name="site-backend-mode" value={mode} checked={draft.mode === mode} onChange={() => set('mode', mode)} />
                    {t(`site.backend.modes.${mode}`)}
                  </label>
                ))}
              </Stack>
            </Fieldset>
            {draft.mode === 'url' ? (
              <>
                <Field label={t('site.backend.url')} hint={t('site.backend.urlHint')} error={urlError}>
                  <Input
                    value={draft.url}
                    maxLength={2048}
                    placeholder="https://project.example.com"
                    inputMode="url"
                    spellCheck={false}
                    onChange={(e) => set('url', e.target.value)}
                  />
                </Field>
                <Field label={t('site.backend.key')} hint={t('site.backend.keyHint')} error={keyError}>
                  <Textarea
                    value={draft.key}
                    maxLength={4096}
                    spellCheck={false}
                    style={{ minHeight: '4rem', fontFamily: 'monospace' }}
                    onChange={(e) => set('key', e.target.value)}
                  />
                </Field>
              </>
            ) : null}
            {draft.mode === 'server' ? (
              <Field label={t('site.backend.serverId')} hint={t('site.backend.serverIdHint')} error={serverError}>
                <Input value={draft.server_id} maxLength={100} spellCheck={false} onChange={(e) => set('server_id', e.target.value)} />
              </Field>
            ) : null}
            {draft.mode !== 'platform' ? (
              <Row>
                <Muted role="note">{t('site.backend.warning')}</Muted>
              </Row>
            ) : null}
          </Stack>
        </Card>
        <SaveBar dirty={dirty} busy={save.isPending} error={save.error} onReset={() => (reset(), save.reset())} />
      </Stack>
    </form>
  );
}
