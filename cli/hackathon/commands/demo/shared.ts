// The demo pass as the demo commands read it.
import type { DemoPass } from '../../../../core/wire/event.ts';

export type Pass = DemoPass;
