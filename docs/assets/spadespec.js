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
