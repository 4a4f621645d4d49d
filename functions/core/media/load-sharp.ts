import type SharpModule from 'sharp';

/**
 * sharp, loaded on first use. sharp loads its native libvips binary when its module is
 * evaluated, and only the Lambdas that call it ship that binary: media (upload thumbnails),
 * content (AI images, imported files) and run-job (images of generated posts), as
 * SHARP_FUNCTIONS in infra/aws/marketing-stack.ts names them. There, `sharp` is left out of
 * the bundle and resolves from the asset's node_modules, installed for linux-arm64. Imported
 * at the top of a module, it would load in every Lambda whose bundle reaches that module
 * (company delete, publishing, plans...) and end its cold start there.
 */
let loading: Promise<typeof SharpModule> | undefined;

export const loadSharp = (): Promise<typeof SharpModule> => (loading ??= import('sharp').then((m) => m.default));
