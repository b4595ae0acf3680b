// Path rules shared by the evidence readers that must not depend on one another.

/** Folders of code the team did not write (dependencies, builds, caches). */
export const VENDORED_DIR = /(^|\/)(node_modules|vendor|dist|build|out|target|\.git|\.venv|venv|__pycache__|coverage)\//;
