// The one script of the app pages, served from this origin under a content hash (so it is
// cached for good and CSP `script-src 'self'` allows it). Progressive enhancement only:
// menus are <details> and work without it; it adds rename in place, duplicate, the share
// and delete dialogs and link revoking, all through the JSON API with the session cookie.
import { createHash } from 'node:crypto';

export const APP_JS = `'use strict';
(function () {
  var deck = document.body.getAttribute('data-deck');
  function api(method, path, body) {
    return fetch(path, { method: method, credentials: 'same-origin', headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined })
      .then(function (r) { return r.json().catch(function () { return {}; }).then(function (j) { if (!r.ok) throw new Error((j.error && j.error.message) || ('HTTP ' + r.status)); return j; }); });
  }
  function $(sel, root) { return (root || document).querySelector(sel); }
  function say(el, text) { if (el) { el.textContent = text; el.hidden = !text; } }
  function localPath(url) { try { var u = new URL(url, location.href); return u.pathname + u.search; } catch (e) { return '/decks'; } }

  // Escape closes an open menu and gives focus back to its summary.
  document.addEventListener('keydown', function (e) {
    if (e.key !== 'Escape') return;
    var open = e.target.closest && e.target.closest('details[open]');
    if (open) { open.open = false; var s = open.querySelector('summary'); if (s) s.focus(); }
  });
  // A click elsewhere closes the menus.
  document.addEventListener('click', function (e) {
    document.querySelectorAll('details.menu[open]').forEach(function (d) { if (!d.contains(e.target)) d.open = false; });
  });

  var renameBtn = $('[data-rename]'), renameForm = $('#rename-form'), menu = $('#deck-menu');
  if (renameBtn && renameForm && menu) {
    var input = $('input', renameForm), titleEl = $('#deck-title');
    var stop = function () { renameForm.hidden = true; menu.hidden = false; say($('#rename-error'), ''); $('summary', menu).focus(); };
    renameBtn.addEventListener('click', function () {
      menu.open = false; menu.hidden = true; renameForm.hidden = false; input.value = titleEl.textContent; input.focus(); input.select();
    });
    renameForm.addEventListener('keydown', function (e) { if (e.key === 'Escape') { e.stopPropagation(); stop(); } });
    $('[data-cancel]', renameForm).addEventListener('click', stop);
    renameForm.addEventListener('submit', function (e) {
      e.preventDefault();
      api('PATCH', '/api/v1/presentations/' + deck, { title: input.value.trim() })
        .then(function (r) {
          titleEl.textContent = r.presentation.title; document.title = r.presentation.title + ' · Podium';
          var heading = $('#deck-heading'); if (heading) heading.textContent = r.presentation.title;
          stop();
        })
        .catch(function (err) { say($('#rename-error'), err.message); });
    });
  }

  document.querySelectorAll('[data-duplicate]').forEach(function (b) {
    b.addEventListener('click', function () {
      b.disabled = true;
      api('POST', '/api/v1/presentations/' + deck + '/duplicate', {})
        .then(function (r) { location.assign(localPath(r.url)); })
        .catch(function (err) { b.disabled = false; say($('#bar-error'), err.message); });
    });
  });

  var share = $('#share-dialog');
  document.querySelectorAll('[data-share]').forEach(function (b) {
    b.addEventListener('click', function () {
      if (menu) menu.open = false;
      $('#share-form').hidden = false; $('#share-result').hidden = true; say($('#share-error'), ''); share.showModal();
    });
  });
  if (share) {
    $('#share-form').addEventListener('submit', function (e) {
      e.preventDefault();
      var f = e.target, body = { showBar: f.showBar.checked, canDownload: f.canDownload.checked, formsEnabled: f.formsEnabled.checked };
      if (f.linkName.value.trim()) body.name = f.linkName.value.trim();
      if (f.password.value) body.password = f.password.value;
      if (f.expires.value) body.expiresInMinutes = Number(f.expires.value) * 1440;
      api('POST', '/api/v1/presentations/' + deck + '/share-links', body).then(function (r) {
        f.hidden = true; f.reset();
        $('#share-url').value = r.url; $('#share-script').value = r.embed.script; $('#share-iframe').value = r.embed.iframe;
        $('#share-result').hidden = false; $('#share-url').focus(); $('#share-url').select();
      }).catch(function (err) { say($('#share-error'), err.message); });
    });
    share.addEventListener('close', function () { if (share.hasAttribute('data-reload-on-close') && !$('#share-result').hidden) location.reload(); });
  }
  document.querySelectorAll('[data-close]').forEach(function (b) { b.addEventListener('click', function () { b.closest('dialog').close(); }); });

  var del = $('#delete-dialog');
  document.querySelectorAll('[data-delete]').forEach(function (b) {
    b.addEventListener('click', function () { if (menu) menu.open = false; say($('#delete-error'), ''); del.showModal(); });
  });
  if (del) {
    $('[data-confirm-delete]', del).addEventListener('click', function () {
      api('DELETE', '/api/v1/presentations/' + deck).then(function () { location.assign('/decks'); })
        .catch(function (err) { say($('#delete-error'), err.message); });
    });
  }

  document.querySelectorAll('[data-revoke]').forEach(function (b) {
    b.addEventListener('click', function () {
      b.disabled = true;
      api('DELETE', '/api/v1/share-links/' + b.getAttribute('data-revoke')).then(function () { location.reload(); })
        .catch(function (err) { b.disabled = false; say($('#links-error'), err.message); });
    });
  });
})();
`;

export const APP_JS_HASH = createHash('sha256').update(APP_JS).digest('hex').slice(0, 16);
export const APP_JS_PATH = `/assets/app-${APP_JS_HASH}.js`;
