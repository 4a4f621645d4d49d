import { requireCompanyMedia, setMediaUse } from '../media/media-usage';

/**
 * The media library's side of a post's files: ids must be the company's own files (else 422),
 * and every change of a post's files (or its deletion) tells the library, so `isUsed` stays true
 * exactly while some post shows the file.
 */
export async function checkPostFiles(companyId: number, files: readonly number[]): Promise<void> {
  if (files.length) await requireCompanyMedia(companyId, [...new Set(files)]);
}

export async function recordFilesChange(
  companyId: number,
  postId: number,
  before: readonly number[],
  after: readonly number[],
): Promise<void> {
  const same = before.length === after.length && before.every((id, i) => id === after[i]);
  if (!same) await setMediaUse(companyId, postId, [...before], [...after]);
}
