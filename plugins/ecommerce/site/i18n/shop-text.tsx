import { createPluginText, type PluginTextTranslate, type TextKey } from '@lectern/sdk/site';
import en from '../../locales/en/site.json';

/**
 * The shop's island text: its `site` catalogue (locales/<language>/site.json), the one its server
 * views read too. English ships with the code; each other language is a chunk of its own.
 */
const shopText = createPluginText(en, import.meta.glob<{ default: unknown }>(['../../locales/*/site.json', '!../../locales/en/site.json']));

export type ShopKey = TextKey<typeof en>;
export type ShopTranslate = PluginTextTranslate<typeof en>;
export const ShopTextProvider = shopText.TextProvider;
export const useShopText = shopText.useText;
