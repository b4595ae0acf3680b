-- Issue 42: the jury deck gains "Where the code came from" (pushes, commits dated before the
-- event, the template's share of the tree, licences and module paths naming others), right
-- after the build story. The jury deck stays 6 to 8 screens: the new screen takes the place of
-- "The evidence" (frozen revision and archive hash: what the footer of every deck already says).
update app_private.deck_templates
   set schema_version = schema_version + 1,
       headings = '[{"heading": "Problem", "required": true},
                    {"heading": "What it does", "required": true},
                    {"heading": "How it works", "required": true},
                    {"heading": "What was built in the event", "required": true},
                    {"heading": "Where the code came from", "required": true},
                    {"heading": "Evidence it runs", "required": true},
                    {"heading": "What is tested", "required": true},
                    {"heading": "What is next", "required": false}]'::jsonb
 where kind = 'jury';
