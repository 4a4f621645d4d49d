import { contentContracts } from '@shared/contracts/content';
import { ai } from '../../core/ai/ai';
import { countAiCall } from '../../core/ai/ai-limits';
import { created, defineRoute } from '../../core/http/route';
import { addMediaFromBytes } from '../../core/media/media-store';
import { generatedImageName } from '../../core/media/media-names';

/**
 * POST /api/content/generate: an image from the AI port (offline without a key), stored like an
 * upload. Each one pays a model: counted first (ai-limits.ts), a 429 past the limit.
 */
export const generateImage = defineRoute(contentContracts.generate, {
  access: 'company',
  handle: async ({ companyId, user, body }) => {
    await countAiCall('image', companyId, user.id);
    const image = await (await ai()).image({ prompt: body.prompt, style: body.style_type });
    const file = await addMediaFromBytes(companyId, {
      filename: generatedImageName(body.prompt),
      description: body.prompt,
      bytes: image.png,
    });
    return created({ urls: [file.url], files: [file] });
  },
});
