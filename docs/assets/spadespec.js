// The comparison page's row view: picking a rule in the list shows its panel by naming it in
// the address, as a click on a rule's name in the table does; the list follows the address.
(function () {
  function follow() {
    var pick = document.getElementById("sp-rule-pick");
    if (pick && location.hash.indexOf("#who-") === 0) pick.value = location.hash.slice(1);
  }
  document.addEventListener("change", function (event) {
    if (event.target.id === "sp-rule-pick") location.hash = event.target.value;
  });
  window.addEventListener("hashchange", follow);
  document.addEventListener("DOMContentLoaded", follow);
})();

// A rule or field name in a table (`scoring.bag_points_cancelled`) may break after a dot, an
// underscore or a hyphen, and nowhere else (the stylesheet forbids breaking inside a word); the
// text copied and searched is unchanged.
document.addEventListener("DOMContentLoaded", function () {
  // (Not in a first column, whose names never break: the stylesheet keeps them whole.)
  var names = document.querySelectorAll(
    ".md-typeset td:not(:first-child) code, .md-typeset th:not(:first-child) code"
  );
  Array.prototype.forEach.call(names, function (code) {
    if (code.children.length || !/[._-]/.test(code.textContent)) return;
    var parts = code.textContent.split(/(?<=[._-])/);
    code.textContent = "";
    parts.forEach(function (part, index) {
      if (index) code.appendChild(document.createElement("wbr"));
      code.appendChild(document.createTextNode(part));
    });
  });
});

// A table of prose that a phone shows a row at a time (`sp-stack`, spadespec.css): each cell
// carries its column's name, which the stylesheet shows above the cell there.
document.addEventListener("DOMContentLoaded", function () {
  Array.prototype.forEach.call(document.querySelectorAll(".sp-stack table"), function (table) {
    var names = Array.prototype.map.call(table.querySelectorAll("thead th"), function (th) {
      return th.textContent.trim();
    });
    Array.prototype.forEach.call(table.querySelectorAll("tbody tr"), function (row) {
      Array.prototype.forEach.call(row.cells, function (cell, index) {
        if (names[index]) cell.setAttribute("data-label", names[index]);
      });
    });
  });
});

// The matrix: shade each cell that differs from the column picked (the page comes shaded from
// the base), and mark the rows and sections where one does, for the "differences only" switch.
(function () {
  function shade(column) {
    var table = document.querySelector(".sp-matrix-table");
    if (!table) return;
    var heads = table.querySelectorAll(".sp-head-ids th");
    var name = heads[column].textContent;
    Array.prototype.forEach.call(heads, function (th, index) {
      th.classList.toggle("sp-col-chosen", index === column);
    });
    var section = null;
    var sectionDiffers = false;
    function close() {
      if (section) section.classList.toggle("sp-row-differs", sectionDiffers);
    }
    Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
      if (row.classList.contains("sp-section")) {
        close();
        section = row;
        sectionDiffers = false;
        return;
      }
      var chosen = row.cells[column + 1].textContent;
      var differs = false;
      for (var i = 1; i < row.cells.length; i += 1) {
        var cell = row.cells[i];
        var other = cell.textContent !== chosen;
        cell.classList.toggle("spadespec-differs", other);
        if (other) cell.title = name + ": " + chosen;
        else cell.removeAttribute("title");
        differs = differs || other;
      }
      row.classList.toggle("sp-row-differs", differs);
      sectionDiffers = sectionDiffers || differs;
    });
    close();
    var said = document.getElementById("sp-differs-from");
    if (said) said.textContent = name;
  }
  document.addEventListener("change", function (event) {
    if (event.target.id === "sp-matrix-base") shade(Number(event.target.value));
  });
  document.addEventListener("DOMContentLoaded", function () {
    // A browser that kept the list's choice (going back to the page) shades from it again.
    var pick = document.getElementById("sp-matrix-base");
    if (pick && !pick.options[pick.selectedIndex].defaultSelected) shade(Number(pick.value));
  });
})();

// The page that compares two rulesets: each rule the two play differently, with its sentence
// under each and the stored hand for the two values, from the data the page holds. The pair
// picked is kept in the address (`#standard/ellington`).
(function () {
  var data = null;
  var byId = {};

  function make(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function side(ruleset, rule, index) {
    var box = make("div", "sp-cmp-side");
    var name = make("p", "sp-cmp-name");
    var link = make("a", null, ruleset.id);
    link.href = "../" + ruleset.id + "/#" + rule.anchor;
    link.title = ruleset.title;
    name.appendChild(link);
    name.appendChild(document.createTextNode(" plays "));
    name.appendChild(make("code", null, rule.values[ruleset.v[index]]));
    box.appendChild(name);
    box.appendChild(make("p", "sp-cmp-said", data.sentences[ruleset.s[index]]));
    // Why it plays the rule so, behind a toggle at the end of the line naming the value: each
    // citation ([source and section, its address or "", what the passage says or ""]) or choice.
    var grounds = data.grounds[ruleset.g[index]];
    if (!grounds.length) return box;
    var why = make("div", "sp-cmp-why");
    why.hidden = true;
    grounds.forEach(function (ground) {
      var line = make("p", "sp-cmp-cite");
      if (ground[1]) {
        var to = make("a", null, ground[0]);
        to.href = ground[1];
        line.appendChild(to);
      } else {
        line.appendChild(document.createTextNode(ground[0]));
      }
      if (ground[2]) line.appendChild(document.createTextNode(": " + ground[2]));
      why.appendChild(line);
    });
    var cited = grounds.filter(function (ground) { return ground[0].indexOf("“") >= 0; }).length;
    var toggle = make("button", "sp-cmp-why-toggle",
      cited ? "why: " + cited + (cited === 1 ? " source" : " sources") : "why");
    toggle.type = "button";
    toggle.setAttribute("aria-expanded", "false");
    toggle.addEventListener("click", function () {
      why.hidden = !why.hidden;
      toggle.setAttribute("aria-expanded", String(!why.hidden));
    });
    name.appendChild(document.createTextNode(" "));
    name.appendChild(toggle);
    box.appendChild(why);
    return box;
  }

  function example(a, b, index) {
    var one = a.v[index];
    var other = b.v[index];
    var stored = data.hands[index + ":" + Math.min(one, other) + ":" + Math.max(one, other)];
    var source = stored && document.getElementById(stored.hand);
    if (!source) {
      return make("p", "sp-cmp-none", "No example hand is stored for these two values.");
    }
    var details = make("details", "sp-cmp-example");
    var ids = [a.id, b.id].sort().join(" ");
    var found = stored.between.slice().sort().join(" ") === ids
      ? "A hand that shows the difference"
      : "A hand that shows the difference (found between " + stored.between.join(" and ") +
        ", which play the same two values)";
    details.appendChild(make("summary", null, found));
    var copy = source.cloneNode(true);
    copy.removeAttribute("id");
    details.appendChild(copy);
    return details;
  }

  // A house rule and the ruleset it extends: the simulated figures that tell them apart.
  function effects(a, b) {
    var box = document.getElementById("sp-cmp-effects");
    box.textContent = "";
    var house = data.effects[a.id] && data.effects[a.id].parent === b.id ? a
      : data.effects[b.id] && data.effects[b.id].parent === a.id ? b : null;
    if (!house) return;
    var found = data.effects[house.id];
    var details = make("details", "sp-cmp-effects");
    details.open = true;
    var summary = make("summary", null, "Simulated: what " + house.id + " changes against " +
      found.parent + " in games between the same bots");
    details.appendChild(summary);
    if (found.rows.length) {
      var table = make("table");
      var head = make("tr");
      ["difference (95% interval)", "figure", found.parent, house.id].forEach(function (text) {
        head.appendChild(make("th", null, text));
      });
      table.appendChild(head);
      found.rows.forEach(function (row) {
        // [figure, parent's value, house rule's value, difference]
        var line = make("tr");
        [row[3], row[0], row[1], row[2]].forEach(function (text) {
          line.appendChild(make("td", null, text));
        });
        table.appendChild(line);
      });
      details.appendChild(table);
    }
    var rest = found.rows.length
      ? found.quiet + " other figures show no difference these games can tell from chance. "
      : "None of the " + found.quiet + " figures compared differs by more than chance would give. ";
    var note = make("p", "sp-cmp-cite", rest);
    var more = make("a", null, "What the bots do, and every house rule's effects");
    more.href = data.effects_page;
    note.appendChild(more);
    details.appendChild(note);
    box.appendChild(details);
  }

  function render() {
    var a = byId[document.getElementById("sp-cmp-a").value];
    var b = byId[document.getElementById("sp-cmp-b").value];
    effects(a, b);
    var list = document.getElementById("sp-cmp-list");
    list.textContent = "";
    var count = 0;
    data.rules.forEach(function (rule, index) {
      if (a.v[index] === b.v[index]) return;
      count += 1;
      var item = make("section", "sp-cmp-rule");
      item.setAttribute("data-rule", rule.path);
      var head = make("p", "sp-cmp-head");
      head.appendChild(make("strong", null, rule.label));
      head.appendChild(document.createTextNode(" "));
      head.appendChild(make("code", null, rule.path));
      item.appendChild(head);
      var sides = make("div", "sp-cmp-sides");
      sides.appendChild(side(a, rule, index));
      sides.appendChild(side(b, rule, index));
      item.appendChild(sides);
      item.appendChild(example(a, b, index));
      list.appendChild(item);
    });
    var summary = document.getElementById("sp-cmp-summary");
    if (a === b) summary.textContent = "The same ruleset is picked twice: pick another.";
    else if (!count) summary.textContent = a.id + " and " + b.id + " play every rule alike.";
    else {
      summary.textContent = a.id + " and " + b.id + " differ on " + count +
        (count === 1 ? " rule:" : " rules:");
    }
    if (history.replaceState) history.replaceState(null, "", "#" + a.id + "/" + b.id);
  }

  function follow() {
    var asked = decodeURIComponent(location.hash.slice(1)).split("/");
    if (asked.length === 2 && byId[asked[0]] && byId[asked[1]]) {
      document.getElementById("sp-cmp-a").value = asked[0];
      document.getElementById("sp-cmp-b").value = asked[1];
    }
    render();
  }

  document.addEventListener("DOMContentLoaded", function () {
    var source = document.getElementById("sp-cmp-data");
    if (!source) return;
    data = JSON.parse(source.textContent);
    data.rulesets.forEach(function (ruleset) {
      byId[ruleset.id] = ruleset;
    });
    document.addEventListener("change", function (event) {
      if (event.target.id === "sp-cmp-a" || event.target.id === "sp-cmp-b") render();
    });
    window.addEventListener("hashchange", follow);
    follow();
  });
})();
