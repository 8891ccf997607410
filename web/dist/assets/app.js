// src/main.ts
document.getElementById("app").textContent = "Ashtapada playground";
