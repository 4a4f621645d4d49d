import { partitionData } from '../companies/company-data';
import { companyItemPrefix } from '../table/keys';
import { mediaItems } from './media-entity';

/**
 * The company's media items (pending and ready) for the company cascade; their objects live
 * under the company's prefix and go with "files in the media bucket".
 */
export const mediaData = partitionData({
  name: 'media files',
  skPrefix: companyItemPrefix.media,
  example: async (companyId) => {
    await mediaItems.put({
      id: 1,
      companyId,
      status: 'ready',
      mediaType: 'image',
      filename: 'example.png',
      description: '',
      extension: 'png',
      contentType: 'image/png',
      size: 1,
      objectKey: `companies/${companyId}/media/example/1.png`,
      createdAt: new Date().toISOString(),
    });
  },
});
