/**
 * Every user-facing sentence the spec fixes, word for word (typos included: they are requirements).
 * Web and functions import these so a message can never drift between client and server.
 */
import { shellMessages } from './shell-messages';

export const messages = {
  ...shellMessages,
  jobFailed: 'There was an issue processing your request. Please try again.',

  emailRequired: 'Email field is required.',
  emailInvalid: 'Email is not valid.',
  resendEmailInvalid: 'Please provide a valid email',
  passwordRequired: 'Password field is required.',
  passwordMin: 'Password should be minimum 8 chars',
  firstNameRequired: 'First Name is required.',
  lastNameRequired: 'Last Name is required.',
  acceptTerms: 'You must accept the terms and conditions',
  profileFirstNameRequired: 'First Name field is required.',
  profileLastNameRequired: 'Last Name field is required.',
  nameMin2: 'Must be at least 2 characters long.',
  newPasswordRequired: 'New Password field is required.',
  newPasswordMin: 'Must be at least 8 characters long.',
  confirmPasswordRequired: 'Confirm Password field is required.',
  passwordsMustMatch: 'Passwords must match!',

  companyNameMin: 'Name must be at least 3 characters long.',
  companyNameMax: 'Name must be no longer than 255 characters.',
  goalInvalid: 'Please select a valid goal',
  locationMin: 'Location must be at least 2 characters long.',
  urlInvalid: 'Enter a valid URL address',
  websiteInvalid: 'Enter a valid website address',
  cannotDeleteSelectedCompany: 'Cannot delete selected company. Please select a different one before deleting.',
  inviteProblem: 'There is a problem with your invite',
  inviteAskAgain: 'Please ask to be invited again.',

  subscriptionRequired: 'Subscribtion is required',
  websiteNotRegistered: 'Website not registered. Update your website information and try again.',
  noSeoReport: 'No report available right now. Please check back later',
  auditPrefixInvalid: 'The path is set incorrectly. Make sure the path starts and ends with /',

  fileTooLarge: 'File is larger than 20MB',
  unsupportedFileType: 'Unsupported file type',

  // Server-side sentences the spec leaves open; worded for a user who has to act on them.
  malformedJson: 'The request body is not valid JSON.',
  validationFailed: 'Some fields are not valid.',
  notFound: 'Not Found',
  unauthorized: 'You need to sign in to continue.',
  forbidden: 'You do not have access to this.',
  badOrigin: 'This request came from an origin the app does not trust.',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  mediaNotFound: 'This media file was not found.',
  mediaInUse: 'This file is used by a post. Remove it from the post before deleting it.',
  mediaNotOfCompany: "Some of the chosen media files are not in this company's library.",
  uploadNotReceived: 'The file did not arrive. Please upload it again.',
  uploadAlreadyCompleted: 'This upload is already complete.',
  imageTooLarge:
    'This image has too many pixels: the most is 40 megapixels (e.g. 8000 × 5000). Please upload a smaller one.',
  filenameRequired: 'File name is required.',
  promptRequired: 'Please describe the image you want.',
} as const;
