import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Field } from '../../ui/Field';
import { Button, Card, Input, Muted, Row, Select, Stack, Textarea } from '../../ui/primitives';
import { Fieldset, ItemButtons, SaveBar } from './controls';
import { isIntIn, LINK_URL, moveItem, newId, num, removeAt, replaceAt, str, type Section } from './model';
import { useDraft, useSaveSite, type TabProps } from './useSite';

/** SPEC §3 Menu item: items nest at most three levels deep. */
const MAX_DEPTH = 3;
const MAX_MEGA_COLUMNS = 6;

interface MegaColumn {
  colSpan: number;
  rowSpan: number;
  content: string;
}
interface MenuNode {
  id: string | number;
  label: string;
  item_url: string;
  item_type: 'plain' | 'megamenu';
  mega_menu: { columnCount: number; columns: MegaColumn[] } | null;
  children: MenuNode[];
}
interface Menus {
  header: MenuNode[];
  mobile: MenuNode[];
}
type MenuName = keyof Menus;
type Raw = Record<string, unknown>;

const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null;

function nodeOf(raw: Raw, byParent: Map<string, Raw[]>, depth: number, fallbackId: string): MenuNode {
  const item = isObject(raw.data) && isObject(raw.data.menuItem) ? raw.data.menuItem : {};
  const mega = isObject(item.mega_menu) ? item.mega_menu : null;
  // Stored items always have ids; a fallback must still be stable, since this runs on every render.
  const id = typeof raw.id === 'number' || typeof raw.id === 'string' ? raw.id : fallbackId;
  const nested = Array.isArray(item.children) ? item.children.filter(isObject) : [];
  const flat = byParent.get(String(id)) ?? [];
  return {
    id,
    label: str(item.label),
    item_url: str(item.item_url),
    item_type: item.item_type === 'megamenu' ? 'megamenu' : 'plain',
    mega_menu:
      mega === null
        ? null
        : {
            columnCount: num(mega.columnCount, 1),
            columns: (Array.isArray(mega.columns) ? mega.columns.filter(isObject) : []).map((c) => ({
              colSpan: num(c.colSpan, 1),
              rowSpan: num(c.rowSpan, 1),
              content: str(c.content),
            })),
          },
    children: depth >= MAX_DEPTH ? [] : [...nested, ...flat].map((child, i) => nodeOf(child, byParent, depth + 1, `${fallbackId}-${i}`)),
  };
}

/** Stored menus nest through `children`, through `parent` ids in a flat list, or both: edit them as one tree. */
function treeOf(value: unknown): MenuNode[] {
  const items = Array.isArray(value) ? value.filter(isObject) : [];
  const ids = new Set(items.map((i) => String(i.id)));
  const byParent = new Map<string, Raw[]>();
  const roots: Raw[] = [];
  for (const item of items) {
    const parent = item.parent === undefined || item.parent === null ? null : String(item.parent);
    if (parent === null || !ids.has(parent)) roots.push(item);
    else byParent.set(parent, [...(byParent.get(parent) ?? []), item]);
  }
  return roots.map((item, i) => nodeOf(item, byParent, 1, `item-${i}`));
}

function toServer(nodes: MenuNode[]): Raw[] {
  return nodes.map((node) => {
    const menuItem: Raw = { label: node.label.trim(), item_url: node.item_url.trim(), item_type: node.item_type };
    if (node.item_type === 'megamenu' && node.mega_menu !== null) menuItem.mega_menu = node.mega_menu;
    if (node.children.length > 0) menuItem.children = toServer(node.children);
    return { id: node.id, data: { menuItem } };
  });
}

const nodeProblem = (node: MenuNode): boolean =>
  node.label.trim() === '' ||
  (node.item_url.trim() !== '' && !LINK_URL.test(node.item_url.trim())) ||
  (node.item_type === 'megamenu' &&
    node.mega_menu !== null &&
    (!isIntIn(node.mega_menu.columnCount, 1, 6) || node.mega_menu.columns.some((c) => !isIntIn(c.colSpan, 1, 6) || !isIntIn(c.rowSpan, 1, 6)))) ||
  node.children.some(nodeProblem);

const fromSection = (s: Section): Menus => ({ header: treeOf(s.header), mobile: treeOf(s.mobile) });

const Level = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  & & {
    margin-inline-start: 1.25rem;
    padding-inline-start: 0.75rem;
    border-inline-start: 2px solid ${(p) => p.theme.border};
    margin-top: 0.75rem;
  }
`;

/** The header and mobile menus: trees of links (three levels at most), with mega-menu columns. */
export function MenusTab({ site, onDirty }: TabProps) {
  const { t } = useTranslation('site');
  const { draft, setDraft, dirty, reset } = useDraft(fromSection(site.menus), onDirty);
  const save = useSaveSite();
  const valid = !draft.header.some(nodeProblem) && !draft.mobile.some(nodeProblem);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    save.mutate({ menus: { header: toServer(draft.header), mobile: toServer(draft.mobile) } });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {(['header', 'mobile'] as const).map((menu: MenuName) => (
          <Card key={menu} data-menu={menu}>
            <h2 style={{ marginTop: 0 }}>{t(`site.menus.${menu}`)}</h2>
            <Muted style={{ marginBottom: '1rem' }}>{t('site.menus.hint', { depth: MAX_DEPTH })}</Muted>
            <ItemList nodes={draft[menu]} depth={1} onChange={(nodes) => setDraft((d) => ({ ...d, [menu]: nodes }))} />
            <div style={{ marginTop: '1rem' }}>
              <Button type="button" $variant="secondary" onClick={() => setDraft((d) => ({ ...d, [menu]: [...d[menu], blank()] }))}>
                {t('site.menus.addItem')}
              </Button>
            </div>
          </Card>
        ))}
        {!valid ? (
          <p role="alert" style={{ margin: 0 }}>
            {t('site.menus.fixErrors')}
          </p>
        ) : null}
        <SaveBar dirty={dirty} busy={save.isPending} error={save.error} onReset={() => (reset(), save.reset())} />
      </Stack>
    </form>
  );
}

const blank = (): MenuNode => ({ id: newId(), label: '', item_url: '', item_type: 'plain', mega_menu: null, children: [] });

function ItemList({ nodes, depth, onChange }: { nodes: MenuNode[]; depth: number; onChange: (nodes: MenuNode[]) => void }) {
  const { t } = useTranslation('site');
  if (nodes.length === 0) return depth === 1 ? <Muted>{t('site.menus.empty')}</Muted> : null;
  return (
    <Level>
      {nodes.map((node, index) => (
        <li key={String(node.id)}>
          <ItemEditor
            node={node}
            index={index}
            count={nodes.length}
            depth={depth}
            onChange={(next) => onChange(replaceAt(nodes, index, next))}
            onMove={(delta) => onChange(moveItem(nodes, index, delta))}
            onRemove={() => onChange(removeAt(nodes, index))}
          />
        </li>
      ))}
    </Level>
  );
}

function ItemEditor({
  node,
  index,
  count,
  depth,
  onChange,
  onMove,
  onRemove,
}: {
  node: MenuNode;
  index: number;
  count: number;
  depth: number;
  onChange: (node: MenuNode) => void;
  onMove: (delta: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('site');
  const url = node.item_url.trim();
  return (
    <Fieldset data-testid="menu-item" data-depth={depth}>
      <legend>{node.label.trim() === '' ? t('site.menus.newItem') : node.label}</legend>
      <Stack $gap="0.75rem">
        <Row $wrap style={{ alignItems: 'flex-start' }}>
          <div style={{ flex: '1 1 10rem' }}>
            <Field label={t('site.menus.label')} error={node.label.trim() === '' ? t('site.required') : null}>
              <Input value={node.label} maxLength={80} onChange={(e) => onChange({ ...node, label: e.target.value })} />
            </Field>
          </div>
          <div style={{ flex: '2 1 12rem' }}>
            <Field label={t('site.menus.url')} hint={t('site.menus.urlHint')} error={url === '' || LINK_URL.test(url) ? null : t('site.links.urlInvalid')}>
              <Input value={node.item_url} maxLength={2048} placeholder="/about" onChange={(e) => onChange({ ...node, item_url: e.target.value })} />
            </Field>
          </div>
          <div style={{ flex: '1 1 9rem' }}>
            <Field label={t('site.menus.type')}>
              <Select
                value={node.item_type}
                onChange={(e) => {
                  const type = e.target.value === 'megamenu' ? 'megamenu' : 'plain';
                  onChange({ ...node, item_type: type, mega_menu: type === 'megamenu' ? (node.mega_menu ?? { columnCount: 3, columns: [] }) : node.mega_menu });
                }}
              >
                <option value="plain">{t('site.menus.types.plain')}</option>
                <option value="megamenu">{t('site.menus.types.megamenu')}</option>
              </Select>
            </Field>
          </div>
        </Row>
        {node.item_type === 'megamenu' && node.mega_menu !== null ? (
          <MegaEditor mega={node.mega_menu} onChange={(mega) => onChange({ ...node, mega_menu: mega })} />
        ) : null}
        <ItemButtons
          index={index}
          count={count}
          name={node.label}
          onMove={onMove}
          onRemove={onRemove}
          extra={
            <Button
              type="button"
              $variant="ghost"
              disabled={depth >= MAX_DEPTH}
              title={depth >= MAX_DEPTH ? t('site.menus.tooDeep', { depth: MAX_DEPTH }) : undefined}
              onClick={() => onChange({ ...node, children: [...node.children, blank()] })}
            >
              {t('site.menus.addChild')}
            </Button>
          }
        />
        {node.children.length > 0 ? <ItemList nodes={node.children} depth={depth + 1} onChange={(children) => onChange({ ...node, children })} /> : null}
      </Stack>
    </Fieldset>
  );
}

function MegaEditor({
  mega,
  onChange,
}: {
  mega: { columnCount: number; columns: MegaColumn[] };
  onChange: (mega: { columnCount: number; columns: MegaColumn[] }) => void;
}) {
  const { t } = useTranslation('site');
  const numberOf = (value: string) => (value === '' ? Number.NaN : Number(value));
  const setColumn = (index: number, column: MegaColumn) => onChange({ ...mega, columns: replaceAt(mega.columns, index, column) });
  return (
    <Fieldset>
      <legend>{t('site.menus.mega')}</legend>
      <Stack $gap="0.75rem">
        <div style={{ maxWidth: '12rem' }}>
          <Field label={t('site.menus.columnCount')} error={isIntIn(mega.columnCount, 1, 6) ? null : t('site.menus.rangeInvalid')}>
            <Input
              type="number"
              min={1}
              max={6}
              value={Number.isNaN(mega.columnCount) ? '' : mega.columnCount}
              onChange={(e) => onChange({ ...mega, columnCount: numberOf(e.target.value) })}
            />
          </Field>
        </div>
        {mega.columns.map((column, index) => (
          <Card key={index} as="div">
            <Stack $gap="0.6rem">
              <Row $wrap style={{ alignItems: 'flex-start' }}>
                <div style={{ flex: '1 1 7rem' }}>
                  <Field label={t('site.menus.colSpan')} error={isIntIn(column.colSpan, 1, 6) ? null : t('site.menus.rangeInvalid')}>
                    <Input
                      type="number"
                      min={1}
                      max={6}
                      value={Number.isNaN(column.colSpan) ? '' : column.colSpan}
                      onChange={(e) => setColumn(index, { ...column, colSpan: numberOf(e.target.value) })}
                    />
                  </Field>
                </div>
                <div style={{ flex: '1 1 7rem' }}>
                  <Field label={t('site.menus.rowSpan')} error={isIntIn(column.rowSpan, 1, 6) ? null : t('site.menus.rangeInvalid')}>
                    <Input
                      type="number"
                      min={1}
                      max={6}
                      value={Number.isNaN(column.rowSpan) ? '' : column.rowSpan}
                      onChange={(e) => setColumn(index, { ...column, rowSpan: numberOf(e.target.value) })}
                    />
                  </Field>
                </div>
              </Row>
              <Field label={t('site.menus.content', { n: index + 1 })} hint={t('site.htmlHint')}>
                <Textarea value={column.content} maxLength={5000} onChange={(e) => setColumn(index, { ...column, content: e.target.value })} />
              </Field>
              <ItemButtons
                index={index}
                count={mega.columns.length}
                name={t('site.menus.columnName', { n: index + 1 })}
                onMove={(delta) => onChange({ ...mega, columns: moveItem(mega.columns, index, delta) })}
                onRemove={() => onChange({ ...mega, columns: removeAt(mega.columns, index) })}
              />
            </Stack>
          </Card>
        ))}
        <div>
          <Button
            type="button"
            $variant="secondary"
            disabled={mega.columns.length >= MAX_MEGA_COLUMNS}
            onClick={() => onChange({ ...mega, columns: [...mega.columns, { colSpan: 1, rowSpan: 1, content: '' }] })}
          >
            {t('site.menus.addColumn')}
          </Button>
        </div>
      </Stack>
    </Fieldset>
  );
}
