import { camelCase, displayName, type TemplateContext } from './context.js';

/**
 * The dashboard's twenty languages (admin/src/i18n/languages.ts; admin/src/i18n/catalogues.test.ts
 * wants every key of every plugin catalogue in each). The scaffold's few strings come translated.
 */
const TEXT: Record<string, { title: string; empty: string; titleTaken: string }> = {
  ar: { title: 'العناصر', empty: 'لا توجد عناصر بعد', titleTaken: 'يوجد عنصر آخر بهذا العنوان' },
  bn: { title: 'আইটেম', empty: 'এখনও কোনো আইটেম নেই', titleTaken: 'এই শিরোনামে আরেকটি আইটেম আছে' },
  de: { title: 'Einträge', empty: 'Noch keine Einträge', titleTaken: 'Ein anderer Eintrag hat bereits diesen Titel' },
  en: { title: 'Items', empty: 'No items yet', titleTaken: 'Another item already has this title' },
  es: { title: 'Elementos', empty: 'Aún no hay elementos', titleTaken: 'Otro elemento ya tiene este título' },
  fr: { title: 'Éléments', empty: 'Aucun élément pour le moment', titleTaken: 'Un autre élément porte déjà ce titre' },
  hi: { title: 'आइटम', empty: 'अभी कोई आइटम नहीं', titleTaken: 'इस शीर्षक वाला एक और आइटम पहले से है' },
  it: { title: 'Elementi', empty: 'Ancora nessun elemento', titleTaken: 'Un altro elemento ha già questo titolo' },
  ja: { title: '項目', empty: 'まだ項目がありません', titleTaken: 'このタイトルの項目は既にあります' },
  ko: { title: '항목', empty: '아직 항목이 없습니다', titleTaken: '이 제목의 항목이 이미 있습니다' },
  nl: { title: 'Items', empty: 'Nog geen items', titleTaken: 'Een ander item heeft deze titel al' },
  pl: { title: 'Elementy', empty: 'Brak elementów', titleTaken: 'Inny element ma już ten tytuł' },
  pt: { title: 'Itens', empty: 'Ainda não há itens', titleTaken: 'Outro item já tem este título' },
  ru: { title: 'Элементы', empty: 'Пока нет элементов', titleTaken: 'Элемент с таким названием уже есть' },
  sv: { title: 'Poster', empty: 'Inga poster än', titleTaken: 'En annan post har redan den här titeln' },
  th: { title: 'รายการ', empty: 'ยังไม่มีรายการ', titleTaken: 'มีรายการอื่นใช้ชื่อนี้แล้ว' },
  tr: { title: 'Öğeler', empty: 'Henüz öğe yok', titleTaken: 'Bu başlığa sahip başka bir öğe var' },
  uk: { title: 'Елементи', empty: 'Ще немає елементів', titleTaken: 'Елемент із такою назвою вже є' },
  vi: { title: 'Mục', empty: 'Chưa có mục nào', titleTaken: 'Đã có mục khác mang tiêu đề này' },
  zh: { title: '条目', empty: '还没有条目', titleTaken: '已有另一个条目使用此标题' },
};

export const LOCALE_LANGUAGES = Object.keys(TEXT);

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** locales/<language>/admin.json and errors.json (namespaces `<plugin>-admin`, `<plugin>-errors`), by path. */
export function localeFiles(ctx: TemplateContext): Array<[string, string]> {
  return Object.entries(TEXT).flatMap(([language, text]): Array<[string, string]> => [
    // The menu label is the plugin's name, the same in every language until someone renames it.
    [`locales/${language}/admin.json`, json({ menu: displayName(ctx.name), title: text.title, empty: text.empty })],
    [`locales/${language}/errors.json`, json({ [camelCase(ctx.name)]: { titleTaken: text.titleTaken } })],
  ]);
}
