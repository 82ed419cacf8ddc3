% Evader-Pursuer 4x4: evader at (4,1), pursuer at (2,3); the evader must reach (1,1).
% Depth: Shaik & van de Pol, SAT 2023, Table 2(e).
#boardsize
4 4
#init
black(4,1) white(2,3)
#depth
3
#blackgoal
black(xmin,ymin)
#whitegoal
white(xmin,ymin)
