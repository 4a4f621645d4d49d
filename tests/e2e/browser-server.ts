import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's one Chromium, which every browser file connects to (useBrowser in support.ts). */
    browserEndpoint: string;
  }
}

/**
 * One Chromium for the whole browser project: its start (the browser, GPU and network processes,
 * about two thirds of a CPU second) is paid once, not by each file. A file connects, makes its own
 * contexts (its own cookies and storage) and disconnects, which closes what it opened.
 */
export async function setup(project: TestProject) {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  project.provide('browserEndpoint', server.wsEndpoint());
  return () => server.close();
}
