import { access } from 'node:fs/promises';
import path from 'node:path';
import { supabaseJsStorageSuite } from './supabase-js-suite.js';

supabaseJsStorageSuite(
  'local disk',
  () => ({}),
  async (s, key) => {
    try {
      await access(path.join(s.t.config.storage.localDir, key));
      return true;
    } catch {
      return false;
    }
  },
);
