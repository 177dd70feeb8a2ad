// The pentacube box in 3D, drawn with three.js (pinned in build.py, vendored into web/vendor/, never
// from a CDN; loaded only when a box is opened). It knows no rules: it draws what the view gives it
// (the blocks the core placed, the ghost of the piece in hand, the layer being worked on) and turns
// the camera around the box. Cells are (layer, row, col): layers go up (three's y), rows towards
// the player (z), columns to the right (x); the box's floor is centred on the origin.

/** @typedef {[number, number, number]} Cell */
/**
 * What the scene draws.
 * @typedef {{ blocks: {piece: string, cells: Cell[], faded?: boolean}[], ghost: Cell[] | null,
 *   ghostColor: string, bad: boolean, layer: number, marked: Cell[] }} Picture
 */

const LIBRARY = new URL("../vendor/three.module.js", import.meta.url).href;

/** three.js, loaded once (a dynamic import: only this game's page pays for it). */
let loading = null;
export function loadThree() {
  if (!loading) loading = import(LIBRARY);
  return loading;
}

/** True when this browser can draw WebGL (a screen reader's machine or an old one may not). */
export function webglAvailable() {
  try {
    const probe = document.createElement("canvas");
    return !!(probe.getContext("webgl2") || probe.getContext("webgl"));
  } catch {
    return false;
  }
}

const TILT_MIN = 0.12; // radians above the horizon: the floor never disappears edge-on
const TILT_MAX = 1.45; // almost straight down

/**
 * The scene in ``canvas`` for a box of ``dims`` [layers, rows, cols] whose cells are ``cells``.
 * ``colorOf(name)`` gives a piece its colour; ``colors`` the page's ink (theme.js).
 * @param {any} THREE @param {HTMLCanvasElement} canvas
 * @param {{dims: number[], cells: Cell[], colorOf: (name: string) => string, ink: () => any}} model
 */
export function createScene(THREE, canvas, model) {
  const [L, R, C] = model.dims;
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: true, alpha: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(Math.min(2, window.devicePixelRatio || 1));
  const scene = new THREE.Scene();
  const camera = new THREE.PerspectiveCamera(35, 1, 0.1, 500);
  scene.add(new THREE.AmbientLight(0xffffff, 1.6));
  const sun = new THREE.DirectionalLight(0xffffff, 2.2);
  sun.position.set(4, 10, 6);
  scene.add(sun);
  const fill = new THREE.DirectionalLight(0xffffff, 0.7);
  fill.position.set(-6, 3, -4);
  scene.add(fill);

  const world = (/** @type {Cell} */ [z, r, c]) => new THREE.Vector3(c + 0.5 - C / 2, z + 0.5, r + 0.5 - R / 2);
  const unit = new THREE.BoxGeometry(1, 1, 1);
  const edges = new THREE.EdgesGeometry(unit);
  const flat = new THREE.PlaneGeometry(1, 1).rotateX(-Math.PI / 2);
  const flatEdges = new THREE.EdgesGeometry(flat);

  // the box: its outline, and the floor of the layer being worked on, cell by cell
  const frame = new THREE.LineSegments(
    new THREE.EdgesGeometry(new THREE.BoxGeometry(C, L, R)),
    new THREE.LineBasicMaterial({ color: 0x555566 }),
  );
  frame.position.set(0, L / 2, 0);
  scene.add(frame);
  const floor = new THREE.Group();
  scene.add(floor);
  const pieces = new THREE.Group();
  scene.add(pieces);
  const ghost = new THREE.Group();
  scene.add(ghost);
  const floorMaterial = new THREE.MeshBasicMaterial({ color: 0x9fb8d8, transparent: true, opacity: 0.35, side: THREE.DoubleSide, depthWrite: false });
  const floorLines = new THREE.LineBasicMaterial({ color: 0x6a7fa0, transparent: true, opacity: 0.7 });
  const lineMaterial = new THREE.LineBasicMaterial({ color: 0x1b1b1b, transparent: true, opacity: 0.55 });
  const materials = new Map();
  /** A piece's material, kept for its colour (and a faded one for the layers above the work). */
  function material(color, faded) {
    const key = `${color}${faded ? "~" : ""}`;
    if (!materials.has(key)) {
      materials.set(key, new THREE.MeshLambertMaterial({ color, transparent: faded, opacity: faded ? 0.22 : 1, depthWrite: !faded }));
    }
    return materials.get(key);
  }

  const view = { azimuth: -0.6, tilt: 0.62, zoom: 1 };
  let width = 300;
  let height = 200;
  let frameRequested = false;
  const frameTimes = []; // when each of the last frames was drawn (the benchmark reads them)

  function placeCamera() {
    const radius = (Math.hypot(L, R, C) * 1.7 + 2) / view.zoom;
    const target = new THREE.Vector3(0, L / 2, 0);
    camera.position.set(
      target.x + radius * Math.cos(view.tilt) * Math.sin(view.azimuth),
      target.y + radius * Math.sin(view.tilt),
      target.z + radius * Math.cos(view.tilt) * Math.cos(view.azimuth),
    );
    camera.lookAt(target);
    camera.updateMatrixWorld();
  }

  function draw() {
    frameRequested = false;
    placeCamera();
    renderer.render(scene, camera);
    frameTimes.push(performance.now());
    if (frameTimes.length > 240) frameTimes.shift();
  }
  /** Draw at the next frame (once, however often it is asked meanwhile). */
  function redraw() {
    if (frameRequested) return;
    frameRequested = true;
    requestAnimationFrame(draw);
  }

  function clear(group) {
    for (const child of [...group.children]) group.remove(child);
  }

  function cube(cell, mat, outline = lineMaterial) {
    const mesh = new THREE.Mesh(unit, mat);
    mesh.position.copy(world(cell));
    const lines = new THREE.LineSegments(edges, outline);
    mesh.add(lines);
    return mesh;
  }

  /** @param {Picture} picture */
  function show(picture) {
    clear(pieces);
    for (const block of picture.blocks) {
      const color = model.colorOf(block.piece);
      for (const cell of block.cells) {
        const faded = block.faded || cell[0] > picture.layer; // see into the box: layers above are glass
        const mesh = cube(cell, material(color, faded));
        mesh.userData.cell = cell;
        pieces.add(mesh);
      }
    }
    clear(floor);
    const z = Math.min(L - 1, Math.max(0, picture.layer));
    for (const [cz, r, c] of model.cells) {
      if (cz !== z) continue;
      const tile = new THREE.Mesh(flat, floorMaterial);
      const at = world([z, r, c]);
      tile.position.set(at.x, z + 0.002, at.z);
      floor.add(tile);
      const border = new THREE.LineSegments(flatEdges, floorLines);
      border.position.copy(tile.position);
      floor.add(border);
    }
    clear(ghost);
    const marked = new Set(picture.marked.map((c) => c.join(",")));
    if (picture.ghost) {
      const color = picture.bad ? model.ink().bad : picture.ghostColor;
      const mat = new THREE.MeshLambertMaterial({ color, transparent: true, opacity: 0.55, depthWrite: false });
      const outline = new THREE.LineBasicMaterial({ color: picture.bad ? model.ink().bad : 0x111111 });
      for (const cell of picture.ghost) {
        const mesh = cube(cell, mat, outline);
        mesh.scale.setScalar(1.02);
        ghost.add(mesh);
      }
    }
    if (marked.size) {
      const mat = new THREE.MeshBasicMaterial({ color: model.ink().ok, transparent: true, opacity: 0.45, depthWrite: false });
      for (const key of marked) ghost.add(cube(/** @type {Cell} */ (key.split(",").map(Number)), mat));
    }
    redraw();
  }

  /** The screen point (CSS pixels in the canvas) of a world point. */
  function screen(point) {
    placeCamera();
    const p = point.clone().project(camera);
    return [((p.x + 1) / 2) * width, ((1 - p.y) / 2) * height];
  }

  const raycaster = new THREE.Raycaster();
  function ray(x, y) {
    placeCamera();
    raycaster.setFromCamera(new THREE.Vector2((x / width) * 2 - 1, 1 - (y / height) * 2), camera);
    return raycaster.ray;
  }

  return {
    show,
    redraw,
    /** Size the drawing to ``w`` x ``h`` CSS pixels. */
    resize(w, h) {
      width = Math.max(60, w);
      height = Math.max(60, h);
      renderer.setSize(width, height, true);
      camera.aspect = width / height;
      camera.updateProjectionMatrix();
      redraw();
    },
    /** Turn the camera by ``da`` radians around the box and tilt it by ``dt``. */
    turn(da, dt) {
      view.azimuth += da;
      view.tilt = Math.min(TILT_MAX, Math.max(TILT_MIN, view.tilt + dt));
      redraw();
    },
    zoomBy(f) {
      view.zoom = Math.min(3, Math.max(0.5, view.zoom * f));
      redraw();
    },
    /** How the camera looks at the box (a test reads it to see the box turn). */
    camera: () => ({ ...view }),
    /** The cell of layer ``z`` under the canvas point (x, y), or null (off the box's floor plan). */
    cellAt(x, y, z) {
      const plane = new THREE.Plane(new THREE.Vector3(0, 1, 0), -z);
      const hit = ray(x, y).intersectPlane(plane, new THREE.Vector3());
      if (!hit) return null;
      const c = Math.floor(hit.x + C / 2);
      const r = Math.floor(hit.z + R / 2);
      return r >= 0 && r < R && c >= 0 && c < C ? [z, r, c] : null;
    },
    /** The placed cube under the canvas point (x, y), nearest first, or null. */
    blockAt(x, y) {
      raycaster.ray.copy(ray(x, y));
      const hits = raycaster.intersectObjects(pieces.children, false);
      const solid = hits.find((h) => !h.object.material.transparent);
      return solid ? solid.object.userData.cell : null;
    },
    /** Where the middle of the floor of cell ``cell`` is drawn (canvas CSS pixels). */
    floorPoint(/** @type {Cell} */ [z, r, c]) {
      return screen(new THREE.Vector3(c + 0.5 - C / 2, z, r + 0.5 - R / 2));
    },
    /** Where the middle of cube ``cell`` is drawn. */
    cubePoint(/** @type {Cell} */ cell) {
      return screen(world(cell));
    },
    frameTimes: () => [...frameTimes],
    destroy() {
      renderer.dispose();
    },
  };
}
