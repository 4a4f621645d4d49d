import { batchFiles } from './batch-files';
import { deleteFile } from './delete-file';
import { generateImage } from './generate-image';
import { importFile } from './import-file';
import { listFiles } from './list-files';
import { updateFile } from './update-file';

export const routes = [listFiles, batchFiles, updateFile, deleteFile, generateImage, importFile];
