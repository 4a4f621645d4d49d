import type SharpModule from 'sharp';

/**
 * sharp, loaded on first use. sharp loads its native libvips binary when its module is
 * evaluated: imported at the top of a module, it would load in every Lambda whose bundle
 * reaches that module (company delete, publishing, plans...) and end its cold start wherever
 * the binary is missing, though only thumbnails and AI images ever call it.
 */
let loading: Promise<typeof SharpModule> | undefined;

export const loadSharp = (): Promise<typeof SharpModule> => (loading ??= import('sharp').then((m) => m.default));
