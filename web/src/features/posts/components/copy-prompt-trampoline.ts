/**
 * The second hop to the custom blog's copy prompt: a chunk of its own whose only code is this
 * import, so the editor names one small file and this chunk lists what the prompt needs (the
 * dialog and its styles), as wordpress-terms-trampoline.ts does for the terms picker.
 */
export const copyPrompt = () => import('./copy-prompt');
