/**
 * What the calendar fetches on demand, as one chunk: the Generate... dialog, the post preview and
 * the move a drop sends. One lazy entry instead of three keeps the route's first load smaller
 * (each entry lists its chunks in the route's own code).
 */
export { default as GenerateDialog } from './generate-dialog';
export { default as PostPreviewDialog } from './post-preview-dialog';
export { reschedulePost } from '@/api/posts/reschedule-post';
