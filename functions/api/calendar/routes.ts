import { batchPostsRoute } from './batch-posts';
import { createPostsRoute } from './create-posts';
import { deletePostRoute } from './delete-post';
import { deleteScheduledRoute } from './delete-scheduled';
import { draftSuggestionRoute } from './draft-suggestion';
import { generateBlogsRoute } from './generate-blogs';
import { generatePostsRoute } from './generate-posts';
import { getFirstCommentRoute } from './get-first-comment';
import { getWithSiblingsRoute } from './get-with-siblings';
import { latestPostsRoute } from './latest-posts';
import { listDuplicatesRoute } from './list-duplicates';
import { listPostsRoute } from './list-posts';
import { listRangeRoute } from './list-range';
import { listSuggestionsRoute } from './list-suggestions';
import { recentPostsRoute } from './recent-posts';
import { saveFirstCommentRoute } from './save-first-comment';
import { updatePostRoute } from './update-post';

export const routes = [
  createPostsRoute,
  listPostsRoute,
  listRangeRoute,
  batchPostsRoute,
  latestPostsRoute,
  recentPostsRoute,
  getWithSiblingsRoute,
  updatePostRoute,
  deletePostRoute,
  deleteScheduledRoute,
  generatePostsRoute,
  generateBlogsRoute,
  listDuplicatesRoute,
  getFirstCommentRoute,
  saveFirstCommentRoute,
  listSuggestionsRoute,
  draftSuggestionRoute,
];
