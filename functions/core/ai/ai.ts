import { config } from '../config';
import type { AiPort } from './ai-port';
import { offlineAdapter } from './offline-port';
import { createOpenAiAdapter } from './openai-adapter';
import { openAiKey } from './openai-key';

let cached: { settings: string; port: AiPort } | undefined;

/**
 * The AI port for this call: OpenAI (or the OpenAI-compatible server at OPENAI_BASE_URL) when a key
 * is set in OPENAI_API_KEY or the OPENAI_SECRET_ARN secret, else, on the embedded runtime, the
 * offline generator; a deployed function without a key fails loudly. Settings are read at call
 * time; the client is reused while they stay the same.
 */
export async function ai(): Promise<AiPort> {
  const apiKey = await openAiKey();
  if (!apiKey) {
    const offline = await offlineAdapter();
    if (!offline) throw new Error('No OpenAI API key is configured: set the OPENAI_SECRET_ARN secret.');
    return offline;
  }
  const options = {
    apiKey,
    baseURL: config.openAiBaseUrl,
    textModel: config.openAiTextModel,
    imageModel: config.openAiImageModel,
  };
  const settings = JSON.stringify(options);
  if (cached?.settings !== settings) cached = { settings, port: createOpenAiAdapter(options) };
  return cached.port;
}

export type * from './ai-port';
