import math

WIN = 30000  # {{winScore}}


def minimax(position, depth, ply):  @@enter
    if is_over(position):
        return outcome(position) * (WIN - ply)  # {{winByDistance}}  @@over
    if depth == 0:
        return evaluate(position)  # {{evalSideToMove}}  @@leaf
    value = -math.inf
    for i, move in enumerate(moves(position)):  # {{gameOrder}}
        play(position, move)
        score = -minimax(position, depth - 1, ply + 1)
        undo(position)
        value = max(value, score)  @@pv-update
    return value  @@exit


def search(position, max_depth):
    for depth in range(1, max_depth + 1):  # {{iterativeDeepening}}  @@iteration
        value = minimax(position, depth, 0)
    return value


print(search(POSITION, DEPTH))  @@call
