// Module hooks for a child process: resolving 'sharp' fails, as it does in a Lambda bundle
// without sharp's native binary. Registered with `--import ./tests/support/refuse-sharp.mjs`.
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
    export async function resolve(specifier, context, next) {
      if (specifier === 'sharp') throw new Error('sharp was loaded');
      return next(specifier, context);
    }
  `)}`,
);
