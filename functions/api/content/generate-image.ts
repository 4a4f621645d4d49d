import { contentContracts } from '@shared/contracts/content';
import { ai } from '../../core/ai/ai';
import { created, defineRoute } from '../../core/http/route';
import { addMediaFromBytes } from '../../core/media/media-store';
import { generatedImageName } from '../../core/media/media-names';

/** POST /api/content/generate: an image from the AI port (offline without a key), stored like an upload. */
export const generateImage = defineRoute(contentContracts.generate, {
  access: 'company',
  handle: async ({ companyId, body }) => {
    const image = await (await ai()).image({ prompt: body.prompt, style: body.style_type });
    const file = await addMediaFromBytes(companyId, {
      filename: generatedImageName(body.prompt),
      description: body.prompt,
      bytes: image.png,
    });
    return created({ urls: [file.url], files: [file] });
  },
});
