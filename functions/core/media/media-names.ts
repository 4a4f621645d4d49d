import { extensionOf, isSupportedExtension, MEDIA_EXTENSIONS, type MediaExtension } from '@shared/schemas/media';

/** A generated image's file name from its prompt: a short readable slug, so a search finds it. */
export function generatedImageName(prompt: string): string {
  const slug = prompt
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'generated-image'}.png`;
}

/**
 * An imported file's name and extension: the address's last segment when its extension is a
 * supported one, else a name from the answer's Content-Type; undefined when neither says a
 * supported type (the import is refused as an unsupported file).
 */
export function importedFileName(url: string, contentType: string | undefined): string | undefined {
  const segment = decodeSegment(new URL(url).pathname.split('/').pop() ?? '');
  const fromPath = extensionOf(segment);
  if (isSupportedExtension(fromPath)) return segment.slice(-255);
  const fromType = (Object.keys(MEDIA_EXTENSIONS) as MediaExtension[]).find(
    (ext) => MEDIA_EXTENSIONS[ext].contentType === contentType,
  );
  if (!fromType) return undefined;
  const stem = segment.replace(/\.[^.]*$/, '').slice(0, 200) || 'imported';
  return `${stem}.${fromType}`;
}

const decodeSegment = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};
