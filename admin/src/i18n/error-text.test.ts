import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { errorText } from './error-text';
import { ERROR_NAMESPACES } from './i18n';

const here = path.dirname(fileURLToPath(import.meta.url));
const read = (file: string) => JSON.parse(readFileSync(path.join(here, file), 'utf8')) as Record<string, unknown>;

/** A translator over the real French catalogues: the dashboard's common and the plugins' error namespaces. */
async function french() {
  const resources = {
    common: read('locales/fr/common.json'),
    'lms-errors': read('../../../plugins/lms/locales/fr/errors.json'),
    'ecommerce-errors': read('../../../plugins/ecommerce/locales/fr/errors.json'),
  };
  const instance = i18next.createInstance();
  await instance.init({ lng: 'fr', ns: Object.keys(resources), defaultNS: 'common', resources: { fr: resources }, showSupportNotice: false });
  return instance.t.bind(instance) as (key: string, options?: Record<string, unknown>) => string;
}

describe('errorText', () => {
  it('looks up message keys in common and in every plugin’s errors namespace', () => {
    expect(ERROR_NAMESPACES).toEqual(expect.arrayContaining(['common', 'lms-errors', 'ecommerce-errors']));
  });

  it('translates the message key the API sent, from the kernel’s and from a plugin’s catalogue', async () => {
    const t = await french();
    expect(errorText(t, new ApiError('last_owner', 'The account needs at least one member who can manage it', 409, 'errors.lastOwner'))).toBe(
      'Le site doit conserver au moins un membre pouvant le gérer',
    );
    expect(errorText(t, new ApiError('course_not_found', 'No such course', 404, 'errors.courseNotFound'))).toBe('Ce cours n’existe pas sur ce site');
    expect(errorText(t, new ApiError('order_state', 'The order is not in a state that allows this', 409, 'orders.wrongState'))).toBe(
      'Le statut de la commande ne le permet pas',
    );
  });

  it('falls back to the code’s own text, then to the server’s message', async () => {
    const t = await french();
    expect(errorText(t, new ApiError('undefined_data', 'Undefined data', 200))).toBe('Données non définies');
    expect(errorText(t, new ApiError('brand_new', 'A refusal the dashboard has no words for', 409, 'errors.brandNew'))).toBe(
      'A refusal the dashboard has no words for',
    );
    expect(errorText(t, new Error('offline'))).toBe('offline');
  });
});
