-- What an emoji is: a pictograph (presentation selector, skin tone), a ZWJ sequence of them, a flag
-- or a keycap; at most 16 code points.

CREATE OR REPLACE FUNCTION app_private.is_emoji(p text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select p is not null and char_length(p) between 1 and 16 and p ~ (
    '^(?:'
    -- a pictograph with an optional presentation selector and skin tone, joined by ZWJ
    || '(?:[\u00A9\u00AE\u203C\u2049\u2122\u2139\u2194-\u21AA\u231A-\u23FF\u24C2\u25AA-\u25FE\u2600-\u27BF\u2934\u2935\u2B05-\u2B55\u3030\u303D\u3297\u3299\U0001F000-\U0001F1E5\U0001F200-\U0001FAFF][\uFE0E\uFE0F]?[\U0001F3FB-\U0001F3FF]?)'
    || '(?:\u200D[\u2640\u2642\u2695\u2696\u2708\u2764\u27A1\u2600-\u27BF\U0001F000-\U0001F1E5\U0001F200-\U0001FAFF][\uFE0E\uFE0F]?[\U0001F3FB-\U0001F3FF]?)*'
    -- a flag: two regional indicators, or a black flag with tags
    || '|[\U0001F1E6-\U0001F1FF]{2}'
    || '|\U0001F3F4[\U000E0020-\U000E007E]+\U000E007F'
    -- a keycap
    || '|[0-9#*]\uFE0F?\u20E3'
    || ')$')
$function$;

comment on function app_private.is_emoji(p text) is 'One emoji: a pictograph (presentation selector, skin tone), a ZWJ sequence of them, a flag or a keycap; at most 16 code points.';
revoke all on function app_private.is_emoji(p text) from public;
