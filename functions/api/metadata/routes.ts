import { getMetadata } from './get-metadata';

export const routes = [getMetadata];
