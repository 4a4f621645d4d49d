import { batchPosts } from './batch-posts';
import { createPosts } from './create-posts';
import { deletePost } from './delete-post';
import { deleteScheduled } from './delete-scheduled';
import { draftSuggestion } from './draft-suggestion';
import { generateBlogs } from './generate-blogs';
import { generatePosts } from './generate-posts';
import { getFirstComment } from './get-first-comment';
import { getWithSiblings } from './get-with-siblings';
import { latestPosts } from './latest-posts';
import { listDuplicates } from './list-duplicates';
import { listPosts } from './list-posts';
import { listRange } from './list-range';
import { listSuggestions } from './list-suggestions';
import { recentPosts } from './recent-posts';
import { saveFirstComment } from './save-first-comment';
import { updatePost } from './update-post';

export const routes = [
  createPosts,
  listPosts,
  listRange,
  batchPosts,
  latestPosts,
  recentPosts,
  getWithSiblings,
  updatePost,
  deletePost,
  deleteScheduled,
  generatePosts,
  generateBlogs,
  listDuplicates,
  getFirstComment,
  saveFirstComment,
  listSuggestions,
  draftSuggestion,
];
