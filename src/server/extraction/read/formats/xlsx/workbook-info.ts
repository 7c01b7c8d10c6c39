import type { ZipParts } from '../../zip-parts';

export type SheetInfo = { name: string; isHidden: boolean; path: string };
export type WorkbookInfo = {
  sheets: SheetInfo[];
  is1904: boolean;
  title: string | null;
  sharedStringsPath: string | null;
  stylesPath: string | null;
};

const OFFICE_DOCUMENT = /\/officeDocument$/;

/** A relationship target as a path inside the archive (targets are relative to their source). */
function resolveTarget(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.') parts.push(piece);
  }
  return parts.join('/');
}

/** The relationships of a part: id → path. */
async function readRelationships(parts: ZipParts, source: string) {
  const slash = source.lastIndexOf('/');
  const relsPath = `${source.slice(0, slash + 1)}_rels/${source.slice(slash + 1)}.rels`;
  const byId = new Map<string, { path: string; type: string }>();
  await parts.readXml(relsPath, {
    onOpen: ({ name, attributes }) => {
      const { Id, Target, Type = '', TargetMode } = attributes;
      if (name !== 'Relationship' || !Id || !Target || TargetMode === 'External') return;
      byId.set(Id, { path: resolveTarget(source, Target), type: Type });
    },
  });
  return byId;
}

async function workbookPath(parts: ZipParts): Promise<string> {
  const root = await readRelationships(parts, '');
  const office = [...root.values()].find((relation) => OFFICE_DOCUMENT.test(relation.type));
  return office?.path ?? 'xl/workbook.xml';
}

async function readTitle(parts: ZipParts): Promise<string | null> {
  let title = '';
  let isInTitle = false;
  await parts.readXml('docProps/core.xml', {
    onOpen: ({ name }) => void (isInTitle = name === 'title'),
    onText: (text) => void (isInTitle && (title += text)),
    onClose: () => void (isInTitle = false),
  });
  return title.trim() || null;
}

/** The workbook's sheets in tab order, its date system, its title and where its parts are. */
export async function readWorkbookInfo(parts: ZipParts): Promise<WorkbookInfo> {
  const path = await workbookPath(parts);
  const relations = await readRelationships(parts, path);
  const sheets: SheetInfo[] = [];
  let is1904 = false;
  await parts.readXml(path, {
    onOpen: ({ name, attributes }) => {
      if (name === 'workbookPr') is1904 = ['1', 'true'].includes(attributes.date1904 ?? '');
      if (name !== 'sheet') return;
      const target = relations.get(attributes.id ?? '');
      if (!target) return;
      const isHidden = attributes.state === 'hidden' || attributes.state === 'veryHidden';
      sheets.push({ name: attributes.name ?? 'Sheet', isHidden, path: target.path });
    },
  });
  const partOf = (type: string) =>
    [...relations.values()].find((relation) => relation.type.endsWith(`/${type}`))?.path ?? null;
  return {
    sheets,
    is1904,
    title: await readTitle(parts),
    sharedStringsPath: partOf('sharedStrings'),
    stylesPath: partOf('styles'),
  };
}
