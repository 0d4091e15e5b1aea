import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { LANGUAGE_STORAGE_KEY } from './app/preferences';
import { connect } from './auth/supabase';
import { initI18n } from './i18n/i18n';
import { isLanguage } from './i18n/languages';
import { storedTheme } from './theme/themes';

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

async function start(): Promise<void> {
  const root = document.getElementById('root')!;
  try {
    const { site } = await connect();
    // This browser's last language first (no flash of another language), then the site's default.
    const remembered = storedLanguage();
    const language = isLanguage(remembered) ? remembered : isLanguage(site.language) ? site.language : 'en';
    await initI18n(language);
    createRoot(root).render(
      <StrictMode>
        <App site={site} initialTheme={storedTheme() ?? 'light'} />
      </StrictMode>,
    );
  } catch (error) {
    root.textContent = `The dashboard could not start: ${error instanceof Error ? error.message : String(error)}`;
  }
}

void start();
