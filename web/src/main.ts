document.getElementById("app")!.textContent = "Ashtapada playground";
