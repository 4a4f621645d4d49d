import { account } from './account';
import { accounts } from './accounts';
import { addMedia } from './add-media';
import { batchCategories } from './batch-categories';
import { callback } from './callback';
import { chooseAccount } from './choose-account';
import { connect } from './connect';
import { deleteMedia } from './delete-media';
import { deleteReply } from './delete-reply';
import { disconnect } from './disconnect';
import { generateReply } from './generate-reply';
import { getAttributes } from './get-attributes';
import { getAvailableAttributes } from './get-available-attributes';
import { getLocation } from './get-location';
import { getServiceTypes } from './get-service-types';
import { listCategories } from './list-categories';
import { listMedia } from './list-media';
import { listReviews } from './list-reviews';
import { locations } from './locations';
import { placeAutocomplete } from './place-autocomplete';
import { replyReview } from './reply-review';
import { status } from './status';
import { updateLocation } from './update-location';

export const routes = [
  connect,
  callback,
  status,
  accounts,
  account,
  chooseAccount,
  locations,
  disconnect,
  getLocation,
  updateLocation,
  getAttributes,
  getAvailableAttributes,
  getServiceTypes,
  listReviews,
  replyReview,
  deleteReply,
  generateReply,
  listMedia,
  addMedia,
  deleteMedia,
  batchCategories,
  listCategories,
  placeAutocomplete,
];
