// projects archive: read-only, out of the default list; nothing deleted.
import { archiveCommand } from './shared.ts';

export const projectsArchive = archiveCommand('archive');
