#!/bin/sh
# Podium's local code host (core/codehost/git-log.ts reads what this writes): the updated refs, then their commits.
[ -n "$PODIUM_PUSH_REPORT" ] || exit 0
zero=0000000000000000000000000000000000000000
tee "$PODIUM_PUSH_REPORT" | while read -r old new ref; do
  if [ "$new" != "$zero" ]; then
    if [ "$old" = "$zero" ]; then range="$new"; else range="$old..$new"; fi
    git log -n 20 '--format=%H%x00%aI%x00%an%x00%ae%x00%B%x1e' "$range" || printf '\025'
  fi
  printf '\035'
done > "$PODIUM_PUSH_REPORT.commits"
# Where the push stands (pushNotice): git shows a hook's output to the pusher as remote: lines.
[ -z "$PODIUM_PUSH_NOTICE" ] || printf '%s\n' "$PODIUM_PUSH_NOTICE" >&2
exit 0
