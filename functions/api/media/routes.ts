import { completeUpload } from './complete-upload';
import { requestUpload } from './request-upload';

export const routes = [requestUpload, completeUpload];
