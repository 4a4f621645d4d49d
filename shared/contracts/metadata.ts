import { defineContract } from '../contract';
import { metadataSchema } from '../schemas/metadata';

export const metadataContracts = {
  get: defineContract({
    method: 'GET',
    path: '/api/metadata',
    summary: 'Feature flags',
    responses: { 200: metadataSchema },
  }),
};
