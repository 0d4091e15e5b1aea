import { walkTree, type Config, type Content, type Data } from '@puckeditor/core';
import type { PuckDocument } from '../model';

let counter = 0;
const newId = (type: string) => `${type}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/**
 * The document as Puck opens it: every block with an id (Puck addresses blocks by id; seed data and
 * hand-written documents may have none), in the top-level content, in slot fields at any depth and
 * in legacy drop zones. Ids a block already has are kept.
 */
export function withIds(document: PuckDocument, config: Config): Data {
  const fill = (content: Content): Content =>
    content.map((item) => (typeof item.props.id === 'string' && item.props.id !== '' ? item : { ...item, props: { ...item.props, id: newId(item.type) } }));
  const data = {
    root: { props: document.root.props ?? {} },
    content: document.content,
    ...(document.zones === undefined ? {} : { zones: document.zones }),
  } as Data;
  const { zones: walkedZones, ...walked } = walkTree(data, config, fill);
  const zones = Object.fromEntries(Object.entries(walkedZones ?? {}).map(([zone, content]) => [zone, fill(content)]));
  return { ...walked, content: fill(walked.content), ...(Object.keys(zones).length === 0 ? {} : { zones }) };
}
