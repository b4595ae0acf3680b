// projects unarchive: bring an archived project back.
import { archiveCommand } from './shared.ts';

export const projectsUnarchive = archiveCommand('unarchive');
