-- Issue 42, item 9: the community deck is a pitch, not an audit. A voter reads it in ten
-- seconds: the title screen (name, one line, one picture), what it is, who it is for, one
-- number, and how to try it when the repository says so. Two claims a screen at most. The
-- builtin generator maps these headings in core/decks/builtin.ts (COMMUNITY, pitch.ts).
update app_private.deck_templates
   set schema_version = schema_version + 1,
       description = 'A pitch for the community vote (what it is, who it is for, one picture, one number)',
       max_claims_per_screen = 2,
       headings = '[{"heading": "What it is", "required": true},
                    {"heading": "Who it is for", "required": true},
                    {"heading": "In one number", "required": true},
                    {"heading": "Try it", "required": false}]'::jsonb
 where kind = 'community';
