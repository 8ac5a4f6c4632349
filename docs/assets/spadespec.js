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
