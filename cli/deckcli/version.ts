// The client's version, apart from its context so the help and --version load nothing else.
export const VERSION = '0.1.0';
