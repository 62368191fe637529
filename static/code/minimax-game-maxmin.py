import math

WIN = 30000  # {{winScore}}


def max_value(position, depth, ply):  @@max.enter
    if is_over(position):
        return outcome(position) * (WIN - ply)  # {{winByDistance}}  @@max.over
    if depth == 0:
        return evaluate(position)  # {{evalSideToMove}}  @@max.leaf
    v = -math.inf
    for i, move in enumerate(moves(position)):  # {{gameOrder}}
        play(position, move)
        v = max(v, min_value(position, depth - 1, ply + 1))  @@max.pv-update
        undo(position)
    return v  @@max.exit


def min_value(position, depth, ply):  @@min.enter
    if is_over(position):
        return -outcome(position) * (WIN - ply)  # {{winByDistanceMin}}  @@min.over
    if depth == 0:
        return -evaluate(position)  # {{evalMin}}  @@min.leaf
    v = math.inf
    for i, move in enumerate(moves(position)):  # {{gameOrder}}
        play(position, move)
        v = min(v, max_value(position, depth - 1, ply + 1))  @@min.pv-update
        undo(position)
    return v  @@min.exit


def search(position, max_depth):
    for depth in range(1, max_depth + 1):  # {{iterativeDeepening}}  @@iteration
        value = max_value(position, depth, 0)
    return value


print(search(POSITION, DEPTH))  @@call
