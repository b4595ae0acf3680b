// The event pages' script (progressive enhancement; every page works without it):
// - countdowns: the server renders the time left until the next deadline from ITS clock
//   (data-countdown, milliseconds); this counts that offset down from page load with
//   performance.now(), never reading the browser's wall clock, and reloads the page once at
//   zero so the server says what the phase is now;
// - live: EventSource on /api/v1/event/stream (the session cookie; resumes by itself with
//   Last-Event-ID) puts new root posts on top of the channel lists shown (data-channel),
//   drops hidden ones, applies each reaction change (one emoji's new count) to the post shown,
//   and says so in a polite live region. Text goes in with textContent only;
// - refresh: an element with an id and data-refresh-on="<live kinds>" is drawn again from the
//   server (the same page fetched, that element swapped in) when one of those changes arrives:
//   the jury's progress for organizers. One fetch at a time; changes arriving meanwhile make
//   one more.
import { createHash } from 'node:crypto';

export const EVENT_JS = `'use strict';
(function () {
  function two(n) { return (n < 10 ? '0' : '') + n; }
  function duration(ms) {
    var s = Math.max(0, Math.floor(ms / 1000)), d = Math.floor(s / 86400); s -= d * 86400;
    var h = Math.floor(s / 3600); s -= h * 3600; var m = Math.floor(s / 60); s -= m * 60;
    return d > 0 ? d + ' d ' + h + ' h ' + two(m) + ' min' : h > 0 ? h + ' h ' + two(m) + ' min ' + two(s) + ' s' : m + ' min ' + two(s) + ' s';
  }
  var clocks = Array.prototype.slice.call(document.querySelectorAll('[data-countdown]'));
  if (clocks.length) {
    var loaded = performance.now(), reloading = false;
    var tick = function () {
      var gone = performance.now() - loaded;
      clocks.forEach(function (el) {
        var left = Number(el.getAttribute('data-countdown')) - gone;
        el.textContent = duration(left);
        if (left <= 0 && !reloading) { reloading = true; setTimeout(function () { location.reload(); }, 1500); }
      });
    };
    tick();
    setInterval(tick, 500);
  }

  // A file input fills the textarea it names (the roster import): the form itself posts text.
  document.querySelectorAll('input[type=file][data-into]').forEach(function (f) {
    f.hidden = false;
    f.addEventListener('change', function () {
      var target = document.getElementById(f.getAttribute('data-into')), file = f.files && f.files[0];
      if (target && file) file.text().then(function (text) { target.value = text; });
    });
  });

  var ranking = document.getElementById('ranking');
  if (ranking) {
    document.documentElement.classList.add('js');
    var announce = document.getElementById('rank-status');
    var items = function () { return Array.prototype.slice.call(ranking.children); };
    var renumber = function (moved) {
      var all = items();
      all.forEach(function (li, i) { li.querySelector('input[type=number]').value = String(i + 1); });
      if (moved) announce.textContent = moved.querySelector('.name').textContent + ' moved to position ' + (all.indexOf(moved) + 1) + ' of ' + all.length;
    };
    ranking.querySelectorAll('.movers').forEach(function (m) { m.hidden = false; });
    ranking.addEventListener('click', function (e) {
      var b = e.target.closest('button[data-move]'); if (!b) return;
      var li = b.closest('li'), up = b.getAttribute('data-move') === 'up';
      var other = up ? li.previousElementSibling : li.nextElementSibling;
      if (!other) { announce.textContent = li.querySelector('.name').textContent + ' is already ' + (up ? 'first' : 'last'); return; }
      ranking.insertBefore(li, up ? other : other.nextElementSibling);
      b.focus();
      renumber(li);
    });
    var dragged = null;
    ranking.addEventListener('dragstart', function (e) {
      dragged = e.target.closest('li'); if (!dragged) return;
      dragged.classList.add('dragging'); e.dataTransfer.effectAllowed = 'move'; e.dataTransfer.setData('text/plain', dragged.getAttribute('data-project'));
    });
    ranking.addEventListener('dragover', function (e) { if (dragged) e.preventDefault(); });
    ranking.addEventListener('drop', function (e) {
      var target = e.target.closest && e.target.closest('li');
      if (!dragged || !target || target === dragged) return;
      e.preventDefault();
      var box = target.getBoundingClientRect();
      ranking.insertBefore(dragged, e.clientY > box.top + box.height / 2 ? target.nextElementSibling : target);
      renumber(dragged);
    });
    ranking.addEventListener('dragend', function () { if (dragged) dragged.classList.remove('dragging'); dragged = null; });
  }

  var lists = document.querySelectorAll('ul.posts[data-channel]');
  var refreshed = Array.prototype.slice.call(document.querySelectorAll('[data-refresh-on][id]'));
  if (!(lists.length || refreshed.length) || !window.EventSource) return;
  var status = document.getElementById('live-status');
  function say(text) { if (status) status.textContent = text; }
  function el(tag, cls, text) { var e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; }
  function item(p) {
    var li = el('li', 'post'); li.setAttribute('data-post', p.id);
    var meta = el('p', 'meta'); meta.appendChild(el('strong', null, p.author ? p.author.name : 'Podium'));
    if (p.kind && p.kind !== 'post') { meta.appendChild(document.createTextNode(' ')); meta.appendChild(el('span', 'badge', p.kind.replace('_', ' '))); }
    if (p.role && p.role !== 'participant') { meta.appendChild(document.createTextNode(' ')); meta.appendChild(el('span', 'badge', p.role)); }
    meta.appendChild(document.createTextNode(' '));
    var t = el('time', 'muted', p.at.replace('T', ' ').replace(/:\\d\\d(\\.\\d+)?Z$/, ' UTC')); t.setAttribute('datetime', p.at); meta.appendChild(t);
    li.appendChild(meta); li.appendChild(el('p', 'body', p.body));
    return li;
  }
  function listOf(channelId) { return document.querySelector('ul.posts[data-channel="' + channelId + '"]'); }
  function show(channelId, p) {
    var list = listOf(channelId);
    if (!list || p.threadId || list.querySelector('[data-post="' + p.id + '"]')) return;
    list.insertBefore(item(p), list.firstChild);
    var empty = list.parentNode.querySelector('[data-empty]'); if (empty) empty.hidden = true;
    say('New post from ' + (p.author ? p.author.name : 'Podium'));
  }
  var source = new EventSource('/api/v1/event/stream');
  source.addEventListener('ready', function () { document.body.setAttribute('data-live', 'ready'); });
  source.addEventListener('post.created', function (e) { var d = JSON.parse(e.data); show(d.channelId, d.post); });
  source.addEventListener('post.restored', function (e) { var d = JSON.parse(e.data); show(d.channelId, d.post); });
  source.addEventListener('post.hidden', function (e) {
    var d = JSON.parse(e.data), list = listOf(d.channelId), li = list && list.querySelector('[data-post="' + d.postId + '"]');
    if (li && !d.reason) li.remove();
  });
  // One emoji's new count on one post (the event carries the change, not the list).
  source.addEventListener('reaction.changed', function (e) {
    var d = JSON.parse(e.data), li = document.querySelector('li.post[data-post="' + d.postId + '"]');
    if (!li) return;
    var box = li.querySelector('[data-reactions]'), counts = [], found = false;
    if (box) Array.prototype.forEach.call(box.querySelectorAll('[data-emoji]'), function (x) { counts.push([x.getAttribute('data-emoji'), Number(x.getAttribute('data-count'))]); });
    counts = counts.map(function (c) { if (c[0] === d.emoji) { found = true; return [c[0], d.count]; } return c; }).filter(function (c) { return c[1] > 0; });
    if (!found && d.count > 0) counts.push([d.emoji, d.count]);
    if (!counts.length) { if (box) box.remove(); return; }
    if (!box) { box = el('p', 'muted'); box.setAttribute('data-reactions', ''); var body = li.querySelector('p.body'); if (!body) return; body.parentNode.insertBefore(box, body.nextSibling); }
    box.textContent = '';
    counts.forEach(function (c, i) {
      if (i) box.appendChild(document.createTextNode(' \u00b7 '));
      var x = el('span', null, c[0] + ' ' + c[1]); x.setAttribute('data-emoji', c[0]); x.setAttribute('data-count', String(c[1])); box.appendChild(x);
    });
  });
  var fetching = false, again = false;
  function refresh() {
    if (fetching) { again = true; return; }
    fetching = true;
    fetch(location.href, { credentials: 'same-origin', headers: { accept: 'text/html' } })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html) return;
        var doc = new DOMParser().parseFromString(html, 'text/html');
        refreshed.forEach(function (old, i) {
          var now = document.getElementById(old.id), fresh = doc.getElementById(old.id);
          if (now && fresh) { now.replaceWith(document.importNode(fresh, true)); refreshed[i] = document.getElementById(old.id); }
        });
        document.body.setAttribute('data-refreshed', String(Number(document.body.getAttribute('data-refreshed') || 0) + 1));
        say('Updated at ' + new Date().toLocaleTimeString());
      })
      .catch(function () {})
      .then(function () { fetching = false; if (again) { again = false; refresh(); } });
  }
  var kinds = {};
  refreshed.forEach(function (x) { x.getAttribute('data-refresh-on').split(/\\s+/).forEach(function (k) { if (k) kinds[k] = true; }); });
  Object.keys(kinds).forEach(function (k) { source.addEventListener(k, refresh); });
  source.addEventListener('error', function (e) {
    // A final refusal (the stream's own error event) carries data; a dropped connection does not and is retried.
    if (e.data) { source.close(); document.body.setAttribute('data-live', 'closed'); say('Live updates stopped: ' + JSON.parse(e.data).error.message); }
  });
})();
`;

export const EVENT_JS_HASH = createHash('sha256').update(EVENT_JS).digest('hex').slice(0, 16);
export const EVENT_JS_PATH = `/assets/event-${EVENT_JS_HASH}.js`;
