// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A points token only minters may mint (as OpenZeppelin's ERC20PresetMinterPauser).
contract Points {
    mapping(address => bool) public isMinter;
    mapping(address => uint256) public balanceOf;
    uint256 public totalSupply;

    event Transfer(address indexed from, address indexed to, uint256 amount);

    constructor() {
        isMinter[msg.sender] = true;
    }

    function setMinter(address account, bool allowed) external {
        require(isMinter[msg.sender], "Points: must have minter role");
        isMinter[account] = allowed;
    }

    /// "Mint to the caller's own campaign" — the role check was dropped on the way.
    function mint(address to, uint256 amount) external {
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        require(balanceOf[msg.sender] >= amount, "Points: balance too low");
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount;
        emit Transfer(msg.sender, to, amount);
        return true;
    }
}
