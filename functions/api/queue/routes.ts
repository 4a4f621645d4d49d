import { addToQueue } from './add-to-queue';
import { getQueue } from './get-queue';
import { getQueueSettings } from './get-queue-settings';
import { removeFromQueue } from './remove-from-queue';
import { reorderQueue } from './reorder-queue';
import { saveQueueSettings } from './save-queue-settings';

export const routes = [getQueue, getQueueSettings, saveQueueSettings, addToQueue, reorderQueue, removeFromQueue];
