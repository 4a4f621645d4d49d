/**
 * The second hop to the WordPress terms picker: a chunk of its own whose only code is this
 * import, so the editor names one small file and this chunk lists what the picker needs (the
 * integrations contract, the form fields), as load-post-extras.ts does for the post page.
 */
export const wordpressTermsPicker = () => import('./wordpress-terms-picker');
